import { spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

async function freePort() {
  return new Promise<number>((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

export interface ServerProcess {
  port: number;
  pid: number;
  /** http://127.0.0.1:{port} */
  url: string;
  /** Lets requests abandoned by a benchmark finish (`settleMs`), then ends the process. */
  stop(settleMs?: number): Promise<void>;
}

/**
 * The real server process (`apps/server/src/main.ts`) on a free port with the given settings, ready once
 * it answers the demo school. The first start of a database loads the lookups and the demo: up to a minute.
 */
export function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  return startProcess('apps/server/src/main.ts', env);
}

/** A TypeScript entry point (relative to the repository) run as a server on a free port (`PORT`), ready once it answers the demo school. */
export async function startProcess(script: string, env: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, [...(process.env.BENCH_NODE_OPTIONS?.split(' ').filter(Boolean) ?? []), '--import', 'tsx', script], {
    cwd: root,
    env: { ...process.env, LOG_LEVEL: 'warn', SECRET_KEY: 'bench-secret-key-0123456789-0123456789', ...env, PORT: String(port) },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const stop = async (settleMs = 0) => {
    await new Promise((resolve) => setTimeout(resolve, settleMs));
    if (child.exitCode === null) {
      child.kill();
      await exited;
    }
  };
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 600 && child.exitCode === null; i++) {
    if (await fetch(`${url}/api/v1/school/demo/`).then((r) => r.ok, () => false)) return { port, pid: child.pid!, url, stop };
    await new Promise((r) => setTimeout(r, 100));
  }
  await stop();
  throw new Error(`${script} did not start`);
}
