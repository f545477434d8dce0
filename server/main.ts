import { buildApp } from './app';
import { demoAccountRefusals, loadConfig, settingsRefusals, startBanner, startupWarnings } from './config';
import { openDb } from './db/client';
import { DataDirError } from './db/dataDir';
import { prepareDatabase } from './db/migrate';
import { hasOwner, openDemoAccounts } from './db/seed/demoAccounts';

/** A production start that would serve simulated payments or a published password (config's refusals). */
class StartRefused extends Error {
  constructor(readonly reasons: string[]) {
    super(reasons.join('\n'));
  }
}

/** Long enough for in-flight requests, short enough for an orchestrator's kill timeout. */
const SHUTDOWN_GRACE_MS = 10_000;

async function main(): Promise<void> {
  const config = loadConfig();
  const refusedBySettings = settingsRefusals(config);
  if (refusedBySettings.length > 0) throw new StartRefused(refusedBySettings);
  const database = await openDb(config);
  const app = await buildApp({
    config,
    db: database.db,
    logger: { level: process.env.LOG_LEVEL ?? 'info' },
  });

  for (const warning of startupWarnings(config)) app.log.warn(warning);
  app.log.info(
    { database: config.databaseUrl ? 'postgresql' : `pglite:${config.dataDir}`, env: config.env },
    'preparing database',
  );
  await prepareDatabase(database.db, { seed: config.demoShop ? 'demo' : 'starter' });
  const demo = await openDemoAccounts(database.db);
  const refusals = demoAccountRefusals(config, demo);
  if (refusals.length > 0) {
    await app.close();
    await database.close();
    throw new StartRefused(refusals);
  }

  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => {
      app.log.error('shutdown took too long, exiting');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS);
    force.unref();
    // The server stops accepting and drains first; the database closes only when no request can use it.
    app
      .close()
      .then(() => database.close())
      .then(
        () => process.exit(0),
        (error: unknown) => {
          app.log.error({ err: error }, 'shutdown failed');
          process.exit(1);
        },
      );
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);

  const address = await app.listen({ port: config.port, host: config.host });
  // Plain lines next to the JSON log, so whoever started the shop reads at once how it takes money.
  for (const line of startBanner(config, address, demo, await hasOwner(database.db))) console.log(line);
}

main().catch((error: unknown) => {
  // A refused data folder is the operator's to fix: the message says what and how, a stack trace would bury it.
  if (error instanceof StartRefused) {
    for (const reason of error.reasons) console.error(`Not starting: ${reason}`);
  } else console.error(error instanceof DataDirError ? `Not starting: ${error.message}` : error);
  process.exit(1);
});
