import { ConfigError, loadConfig } from './config/env';
import { buildApp } from './app';
import { DataFolderInUseError, openDatabase } from './db/client';
import { sweepOverdueCertificates } from './modules/certificates/service';
import { loadLookups } from './modules/lookups/load-lookups';
import { putSeedAssets } from './seed/seed-assets';
import { redateDemoClasses } from './seed/demo-schedule';
import { seedDemo } from './seed/seed-demo';

async function main() {
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR, inMemory: config.PGLITE_IN_MEMORY });
  const app = await buildApp({ config, database });
  const loaded = await loadLookups(database.db);
  if (loaded.length) app.log.info({ datasets: loaded }, 'loaded lookup data');
  if (config.SEED_DEMO) {
    if (await seedDemo(database.db)) {
      app.log.info('loaded the demo schools and accounts');
      await sweepOverdueCertificates(app);
    }
    await redateDemoClasses(database.db);
    const written = await putSeedAssets(app.storage);
    if (written) app.log.info({ files: written, storage: app.storage.kind }, 'stored the demo files');
  }
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      app.log.info({ signal }, 'shutting down');
      // A request or job that will not end (a stalled upload) must not keep a rolling restart waiting forever.
      setTimeout(() => {
        app.log.error({ seconds: config.SHUTDOWN_TIMEOUT_SECONDS }, 'shutdown deadline passed: exiting with work unfinished');
        process.exit(1);
      }, config.SHUTDOWN_TIMEOUT_SECONDS * 1000).unref();
      // The database closes only after the requests still running have finished.
      app
        .close()
        .then(() => database.close())
        .then(() => process.exit(0), () => process.exit(1));
    });
  }
  await app.listen({ port: config.PORT, host: config.HOST });
  app.log.info(`platform on ${database.kind}: http://localhost:${config.PORT} (schools at http://{school}.localhost:${config.PORT})`);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DataFolderInUseError) {
    console.error(error.message);
  } else {
    console.error(error);
  }
  process.exit(1);
});
