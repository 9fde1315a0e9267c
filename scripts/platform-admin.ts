/**
 * Makes a platform administrator (SU) on an installation without one: `npm run platform-admin -- <username> <email>`
 * with the password in PLATFORM_ADMIN_PASSWORD, on the database the server uses (DATABASE_URL, else the embedded
 * one in DATA_DIR, with the server stopped). The demo has `platform-admin` already.
 */
import { signupFormSchema } from '@school/shared/auth/schemas';
import { openDatabase } from '../apps/server/src/db/client';
import { users } from '../apps/server/src/db/schema/index';
import { hashPassword } from '../apps/server/src/lib/crypto';
import { isUniqueViolation } from '../apps/server/src/lib/db-errors';

const [username = '', email = ''] = process.argv.slice(2);
const password = process.env.PLATFORM_ADMIN_PASSWORD ?? '';
const form = signupFormSchema.safeParse({ username, email, password1: password, password2: password });
if (!form.success || username.includes('@')) {
  const problems = form.success ? ['username: no @ in a username'] : form.error.issues.map((i) => `${i.path.join('.').replace('password1', 'PLATFORM_ADMIN_PASSWORD')}: ${i.message}`);
  console.error(`usage: PLATFORM_ADMIN_PASSWORD=… npm run platform-admin -- <username> <email>\n${problems.join('\n')}`);
  process.exit(2);
}

const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL, dataDir: process.env.DATA_DIR ?? './data' });
try {
  await database.db.insert(users).values({ username, email, passwordHash: await hashPassword(password), role: 'SU', isVerified: true });
  console.log(`${username} is a platform administrator: log in at /admin on PLATFORM_HOST.`);
} catch (error) {
  if (!isUniqueViolation(error)) throw error;
  console.error('An account already has this username or e-mail address.');
  process.exitCode = 1;
} finally {
  await database.close();
}
