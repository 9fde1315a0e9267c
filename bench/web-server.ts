import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const webDist = path.join(root, 'apps/web/dist');

async function freePort() {
  return new Promise<number>((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

export interface WebServer {
  port: number;
  /** http://{school}.localhost:{port} */
  origin(school?: string): string;
  stop(): Promise<void>;
}

/**
 * The real server process (`apps/server/src/main.ts`) on the built web app, with the demo data in a
 * throwaway PGlite folder, as a visitor's browser would meet it.
 */
export async function startWebServer(): Promise<WebServer> {
  if (!existsSync(path.join(webDist, 'index.html'))) throw new Error('apps/web/dist is missing: run `npm run build` first');
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'platform-bench-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      DATA_DIR: dataDir,
      MEDIA_DIR: path.join(dataDir, 'media'),
      SECRET_KEY: 'bench-secret-key-0123456789-0123456789',
      WEB_DIST_DIR: webDist,
      SCHOOL_URL_TEMPLATE: `http://{domain}.localhost:${port}`,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const stop = async () => {
    if (child.exitCode === null) {
      child.kill();
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  // The first start creates the database and loads the lookups and the demo: allow it a minute.
  for (let i = 0; i < 600 && child.exitCode === null; i++) {
    const ok = await fetch(`http://127.0.0.1:${port}/api/v1/school/demo/`).then((r) => r.ok, () => false);
    if (ok) return { port, origin: (school = 'demo') => `http://${school}.localhost:${port}`, stop };
    await new Promise((r) => setTimeout(r, 100));
  }
  await stop();
  throw new Error('the server did not start');
}
