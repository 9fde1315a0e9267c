import { pgliteSnapshot } from './pglite-snapshot';

/**
 * Makes the PGlite snapshot once, before any test file starts: otherwise each parallel file's first server makes
 * its own, and on a busy machine that can outlast a hook's time limit. The PostgreSQL run needs none.
 */
export default async function setup() {
  if (!process.env.TEST_DATABASE_URL) await pgliteSnapshot();
}
