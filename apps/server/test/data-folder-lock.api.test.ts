import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DataFolderInUseError, openDatabase } from '../src/db/client';

const freshFolder = () => mkdtempSync(path.join(tmpdir(), 'platform-data-'));

/** A server process of its own on the folder, ready once it has opened the database. */
function otherProcess(dataDir: string) {
  const client = path.resolve(import.meta.dirname, '../src/db/client.ts');
  const child = spawn(process.execPath, ['--import', 'tsx', '-e', `import(${JSON.stringify(client)}).then((m) => m.openDatabase({ dataDir: ${JSON.stringify(dataDir)} })).then(() => console.log('ready'))`], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const ready = new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => chunk.toString().includes('ready') && resolve());
    child.on('exit', (code) => reject(new Error(`exited with ${code}`)));
  });
  return { child, ready };
}

// The embedded database only: PostgreSQL serves many processes by design.
describe.skipIf(process.env.TEST_DATABASE_URL)('one server per PGlite data folder', () => {
  it('refuses a second server on the folder with a clear message, and opens again once the first has closed', { timeout: 60_000 }, async () => {
    const dataDir = freshFolder();
    const first = await openDatabase({ dataDir });
    const second = await openDatabase({ dataDir }).then(
      (db) => db,
      (error: unknown) => error,
    );
    expect(second).toBeInstanceOf(DataFolderInUseError);
    expect((second as Error).message).toContain(`Another server is using the data folder ${dataDir}`);
    await first.close();
    const third = await openDatabase({ dataDir });
    await third.close();
  });

  it('is not left locked by a server that was killed', { timeout: 60_000 }, async () => {
    const dataDir = freshFolder();
    const { child, ready } = otherProcess(dataDir);
    await ready;
    child.kill('SIGKILL');
    const started = Date.now();
    const reopened = await openDatabase({ dataDir });
    expect(Date.now() - started).toBeLessThan(20_000);
    await reopened.close();
  });
});
