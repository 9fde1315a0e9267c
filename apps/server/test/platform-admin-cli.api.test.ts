import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client';
import { users } from '../src/db/schema/index';
import { verifyPassword } from '../src/lib/crypto';
import { unique } from './support/factories';
import { serverForFile } from './support/server';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
// On PostgreSQL the script writes to the test server's own database; on PGlite to a data folder of its own.
const dataDir = mkdtempSync(path.join(tmpdir(), 'platform-admin-cli-'));
const ctx = serverForFile({ PLATFORM_HOST: 'platform.example.org' });
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const PASSWORD = 'Platform2026!';

/** `npm run platform-admin -- …` as an operator runs it: its exit code and what it printed. */
async function platformAdmin(args: string[], password = PASSWORD) {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, PLATFORM_ADMIN_PASSWORD: password };
  if (onPostgres) env.DATABASE_URL = process.env.TEST_DATABASE_URL;
  else delete env.DATABASE_URL;
  try {
    const { stdout, stderr } = await promisify(execFile)('node', ['--import', 'tsx', 'scripts/platform-admin.ts', ...args], { cwd: root, env });
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, output: failed.stdout + failed.stderr };
  }
}

describe('npm run platform-admin', () => {
  it('makes a verified platform administrator who can log in, refuses bad input with its usage and a taken username', { timeout: 120_000 }, async () => {
    const username = unique('operator');
    const email = `${username}@example.com`;

    const bad = await platformAdmin([username, 'not-an-address']);
    expect(bad.code).toBe(2);
    expect(bad.output).toContain('usage: PLATFORM_ADMIN_PASSWORD=… npm run platform-admin -- <username> <email>');
    expect(bad.output).toContain('email: ');
    const weak = await platformAdmin([username, email], 'short');
    expect(weak).toMatchObject({ code: 2 });
    expect(weak.output).toContain('PLATFORM_ADMIN_PASSWORD: ');
    expect((await platformAdmin([`${username}@x`, email])).output).toContain('username: no @ in a username');

    const made = await platformAdmin([username, email]);
    expect(made).toEqual({ code: 0, output: `${username} is a platform administrator: log in at /admin on PLATFORM_HOST.\n` });
    expect(await platformAdmin([username, `other-${email}`])).toEqual({ code: 1, output: 'An account already has this username or e-mail address.\n' });

    if (onPostgres) {
      // The server on the same database lets them in at the platform's host.
      const login = await ctx.api.post('/api/v1/api-token-auth/', { username, password: PASSWORD }, { host: 'platform.example.org' });
      expect(login.body).toMatchObject({ role: 'SU' });
      expect((await ctx.api.get('/api/v1/admin/schools/', { token: login.body.token, host: 'platform.example.org' })).status).toBe(200);
    } else {
      const database = await openDatabase({ dataDir });
      try {
        const [row] = await database.db.select().from(users).where(eq(users.username, username));
        expect(row).toMatchObject({ email, role: 'SU', isVerified: true, schoolId: null });
        expect(await verifyPassword(PASSWORD, row!.passwordHash)).toBe(true);
      } finally {
        await database.close();
      }
    }
  });
});
