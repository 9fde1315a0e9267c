import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { freePort } from './ports';
import { startS3, type TestS3 } from './s3';

const root = fileURLToPath(new URL('../../../../', import.meta.url));

/** One server process of the cluster, reached directly at `url` (nginx reaches it there too). */
export interface ClusterProcess {
  port: number;
  url: string;
  /** Ends it: SIGKILL at once, SIGTERM after its in-flight requests and jobs (graceful shutdown); answers its exit code (null when killed). */
  stop(signal: 'SIGKILL' | 'SIGTERM'): Promise<number | null>;
  /** Freezes it (SIGSTOP) or lets it go on (SIGCONT): it keeps its connections and does nothing meanwhile. */
  pause(): void;
  resume(): void;
  /** Starts it again on the same port, answering once ready. */
  start(): Promise<void>;
}

export interface Cluster {
  /** nginx's address, in front of every process. */
  url: string;
  /** nginx's port, for a school's own address (`http://{domain}.localhost:{port}`). */
  port: number;
  /** The cluster's own database (its processes run jobs: they must not take other tests' jobs). */
  databaseUrl: string;
  processes: ClusterProcess[];
  /** Takes these processes out of nginx (or, with none, puts every one back), as a rolling restart does first. */
  leaveOut(processes: ClusterProcess[]): Promise<void>;
  /** The requests nginx has answered so far, from its access log, with the process that answered each (`127.0.0.1:port`, or those tried, comma-separated). */
  requests(): { method: string; uri: string; status: number; upstream: string }[];
  s3: TestS3;
  close(): Promise<void>;
}

/** Answers once `url` answers 200 (a process's /readyz), for up to `timeoutMs`. */
async function ready(url: string, timeoutMs = 60_000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const ok = await fetch(url).then((r) => r.ok, () => false);
    if (ok) return;
    if (Date.now() > until) throw new Error(`${url} never became ready`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/**
 * deploy/nginx.conf as a school would use it, with this run's ports, in a main configuration of its own (its own
 * pid, logs and temporary folders), and a header naming the process that answered, which tests read.
 */
function nginxConfig(dir: string, port: number, upstreams: number[], { down = [], accessLog = false }: { down?: number[]; accessLog?: boolean } = {}) {
  const site = readFileSync(path.join(root, 'deploy/nginx.conf'), 'utf8')
    .replace(/^\s*server 127\.0\.0\.1:\d+ .*$\n/gm, '')
    .replace('keepalive 32;', `${upstreams.map((p) => `server 127.0.0.1:${p} max_fails=3 fail_timeout=10s${down.includes(p) ? ' down' : ''};`).join('\n    ')}\n    keepalive 32;`)
    .replace('listen 80;', `listen 127.0.0.1:${port};`)
    .replace('server_name _;', 'server_name _;\n    add_header X-Upstream $upstream_addr always;');
  for (const folder of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) mkdirSync(path.join(dir, folder), { recursive: true });
  return `daemon off;
user root;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 512; }
http {
  log_format upstreams '$request_method|$request_uri|$status|$upstream_addr';
  access_log ${accessLog ? `${dir}/access.log upstreams` : 'off'};
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
${site}
}
`;
}

/**
 * Debian's nginx on `port` in front of the processes at `upstreams`, with deploy/nginx.conf; its files in `dir`.
 * With `accessLog`, each request's method, address, status and process go to `dir`/access.log (the benches leave it off).
 */
export async function startNginx(dir: string, port: number, upstreams: number[], { accessLog = false } = {}) {
  const confFile = path.join(dir, 'nginx.conf');
  writeFileSync(confFile, nginxConfig(dir, port, upstreams, { accessLog }));
  // Debian's, in /usr/sbin, which a user's PATH may leave out.
  const nginx = spawn(existsSync('/usr/sbin/nginx') ? '/usr/sbin/nginx' : 'nginx', ['-c', confFile, '-p', dir], { stdio: ['ignore', 'ignore', 'inherit'] });
  await ready(`http://127.0.0.1:${port}/healthz`, 20_000);
  return {
    url: `http://127.0.0.1:${port}`,
    /**
     * Marks the processes at `down` out of the upstream and reloads (SIGHUP): new workers leave them out, the old
     * ones finish their requests and go, closing their connections to them (README's rolling restart).
     */
    async reload(down: number[]) {
      writeFileSync(confFile, nginxConfig(dir, port, upstreams, { down, accessLog }));
      nginx.kill('SIGHUP');
      // The old workers go once their requests are answered: well within a second here.
      await new Promise((resolve) => setTimeout(resolve, 1000));
    },
    close: () => nginx.kill('SIGQUIT'),
  };
}

/** Creates or drops a database on the server of `url`, through `url`'s own database. */
async function admin(url: string, statement: string) {
  const connection = new pg.Client({ connectionString: url });
  await connection.connect();
  try {
    await connection.query(statement);
  } finally {
    await connection.end();
  }
}

/**
 * The deployment README's "Running in production" describes, on this machine: `count` server processes on one
 * PostgreSQL database (a new one beside `serverUrl`'s) and one S3 bucket (s3rver), the same SECRET_KEY,
 * TRUST_PROXY=1, jobs on all but the last, behind nginx.
 */
export async function startCluster(serverUrl: string, { count = 3, env: extra = {} }: { count?: number; env?: Record<string, string> } = {}): Promise<Cluster> {
  const name = `cluster_${process.pid}_${Date.now()}`;
  await admin(serverUrl, `create database "${name}"`);
  const databaseUrl = Object.assign(new URL(serverUrl), { pathname: `/${name}` }).toString();
  const s3 = await startS3();
  const dir = mkdtempSync(path.join(tmpdir(), 'platform-cluster-'));
  const ports = await Promise.all(Array.from({ length: count }, () => freePort()));
  const nginxPort = await freePort();
  const env = (port: number, i: number) => ({
    ...process.env,
    ...s3.env,
    NODE_ENV: 'test',
    // The AWS SDK's notice about Node versions, once per process, says nothing about the test.
    NODE_NO_WARNINGS: '1',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATABASE_URL: databaseUrl,
    SECRET_KEY: 'cluster-secret-key-that-is-long-enough-0123456789',
    TRUST_PROXY: '1',
    JOBS_WORKERS: i === count - 1 ? 'false' : 'true',
    SEED_DEMO: 'false',
    HUMAN_CHECK_POW_COST: '40',
    // The supervision that retries a killed process's jobs, every second instead of every 30 s.
    JOBS_MAINTENANCE_SECONDS: '1',
    LOG_LEVEL: 'warn',
    WEB_DIST_DIR: '/nonexistent',
    SCHOOL_URL_TEMPLATE: `http://{domain}.localhost:${nginxPort}`,
    // Gateways' callbacks through nginx, to whichever process, as README: Running in production asks.
    PAYMENT_CALLBACK_BASE_URL: `http://127.0.0.1:${nginxPort}`,
    ...extra,
  });
  const children: (ChildProcess | null)[] = ports.map(() => null);
  const spawnProcess = (i: number) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], { cwd: root, env: env(ports[i]!, i), stdio: ['ignore', 'ignore', 'inherit'] });
    children[i] = child;
    return child;
  };
  const processes: ClusterProcess[] = ports.map((port, i) => ({
    port,
    url: `http://127.0.0.1:${port}`,
    async stop(signal) {
      const child = children[i];
      if (!child || child.exitCode !== null) return child?.exitCode ?? null;
      const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
      child.kill(signal);
      const code = await exited;
      children[i] = null;
      return code;
    },
    pause: () => children[i]?.kill('SIGSTOP'),
    resume: () => children[i]?.kill('SIGCONT'),
    async start() {
      spawnProcess(i);
      await ready(`http://127.0.0.1:${port}/readyz`);
    },
  }));
  // The first one alone migrates the database; the others then start side by side.
  await processes[0]!.start();
  await Promise.all(processes.slice(1).map((p) => p.start()));
  const nginx = await startNginx(dir, nginxPort, ports, { accessLog: true });
  return {
    url: `http://127.0.0.1:${nginxPort}`,
    port: nginxPort,
    databaseUrl,
    processes,
    leaveOut: (out) => nginx.reload(out.map((p) => p.port)),
    requests: () =>
      readFileSync(path.join(dir, 'access.log'), 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((line) => {
          const [method = '', uri = '', status = '', upstream = ''] = line.split('|');
          return { method, uri, status: Number(status), upstream };
        }),
    s3,
    async close() {
      nginx.close();
      await Promise.all(processes.map((p) => p.stop('SIGTERM')));
      await s3.close();
      await admin(serverUrl, `drop database if exists "${name}" with (force)`);
    },
  };
}
