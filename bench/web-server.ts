import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startServerProcess } from './server-process';

const webDist = path.resolve(import.meta.dirname, '../apps/web/dist');

export interface WebServer {
  port: number;
  /** http://{school}.localhost:{port} */
  origin(school?: string): string;
  stop(): Promise<void>;
}

/**
 * The real server process on the built web app, with the demo data in a throwaway PGlite folder, as a
 * visitor's browser would meet it.
 */
export async function startWebServer(): Promise<WebServer> {
  if (!existsSync(path.join(webDist, 'index.html'))) throw new Error('apps/web/dist is missing: run `npm run build` first');
  const dataDir = mkdtempSync(path.join(tmpdir(), 'platform-bench-'));
  const remove = () => rmSync(dataDir, { recursive: true, force: true });
  const server = await startServerProcess({ HOST: '127.0.0.1', DATA_DIR: dataDir, WEB_DIST_DIR: webDist }).catch((error: unknown) => {
    remove();
    throw error;
  });
  return {
    port: server.port,
    origin: (school = 'demo') => `http://${school}.localhost:${server.port}`,
    async stop() {
      await server.stop();
      remove();
    },
  };
}
