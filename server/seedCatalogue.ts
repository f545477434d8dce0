// `npm run seed -- --products N [--categories M] [--seed S] [--batch B] [--photographs]`: fills a database with a large bilingual
// catalogue for benchmarks and demos (server/db/seed/bulkCatalogue.ts). It migrates first and gives an empty
// database the demo shop, then adds N products on top; a second run adds N more under new names. On the embedded
// database (DATA_DIR), stop the server first: its data folder is locked to one process. DATABASE_URL: PostgreSQL.
import { loadConfig, type Config } from './config';
import { openDb } from './db/client';
import { runCommand } from './lib/command';
import { prepareDatabase } from './db/migrate';
import {
  DEFAULT_BATCH_SIZE,
  DEFAULT_BULK_SEED,
  demoGalleriesBySlug,
  seedBulkCatalogue,
  type BulkProgress,
} from './db/seed/bulkCatalogue';
import { photographedGalleries } from './seedPhotographs';

export const SEED_USAGE =
  'Usage: npm run seed -- --products N [--categories M] [--seed S] [--batch B] [--photographs]\n' +
  '  N products (and M more categories) on top of the demo shop; S seeds the generator (default ' +
  `${DEFAULT_BULK_SEED}), B products per transaction (default ${DEFAULT_BATCH_SIZE}); --photographs gives ` +
  "them pictures with a photograph's weight, stored in DATA_DIR as uploads are, instead of the demo's drawings.";

export interface SeedCommand {
  products: number;
  categories: number;
  seed: number;
  batchSize: number;
  photographs: boolean;
}

const LIMITS: Record<string, [key: Exclude<keyof SeedCommand, 'photographs'>, min: number, max: number]> = {
  '--products': ['products', 1, 10_000_000],
  '--categories': ['categories', 0, 10_000],
  '--seed': ['seed', 0, 2 ** 32 - 1],
  '--batch': ['batchSize', 1, 10_000],
};

/** The command's arguments (`--flag value` or `--flag=value`), or the reason they are not usable. */
export function parseSeedArgs(argv: readonly string[]): SeedCommand | { error: string } {
  const command: SeedCommand = {
    products: 0,
    categories: 0,
    seed: DEFAULT_BULK_SEED,
    batchSize: DEFAULT_BATCH_SIZE,
    photographs: false,
  };
  for (let index = 0; index < argv.length; index += 1) {
    const argument = argv[index] as string;
    if (argument === '--photographs') {
      command.photographs = true;
      continue;
    }
    const [flag, inline] = argument.includes('=') ? argument.split('=', 2) : [argument, undefined];
    const limit = LIMITS[flag as string];
    if (!limit) return { error: `Unknown argument ${argument}.\n${SEED_USAGE}` };
    const text = inline ?? argv[++index];
    const [key, min, max] = limit;
    // 100000, 100_000 and 100,000 all read as a hundred thousand.
    const value = text !== undefined && /^\d[\d_,]*$/.test(text) ? Number(text.replace(/[_,]/g, '')) : NaN;
    if (!Number.isSafeInteger(value) || value < min || value > max)
      return { error: `${flag} needs a whole number from ${min} to ${max}.\n${SEED_USAGE}` };
    command[key] = value;
  }
  if (command.products === 0) return { error: SEED_USAGE };
  return command;
}

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`;
}

/** A line per tenth of the run (and the last batch). */
function progressPrinter(total: number): (progress: BulkProgress) => void {
  let shown = 0;
  return ({ done, elapsedMs }) => {
    const tenth = Math.floor((done * 10) / total);
    if (tenth <= shown && done < total) return;
    shown = tenth;
    const rate = Math.round((done * 1000) / Math.max(1, elapsedMs));
    console.log(
      `  ${done.toLocaleString('en')} / ${total.toLocaleString('en')} products (${seconds(elapsedMs)}, ${rate.toLocaleString('en')}/s)`,
    );
  };
}

async function main(config: Config): Promise<number> {
  const command = parseSeedArgs(process.argv.slice(2));
  if ('error' in command) {
    console.error(command.error);
    return 2;
  }
  const started = Date.now();
  const database = await openDb(config);
  try {
    console.log(
      `Seeding ${config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `the embedded database in ${config.dataDir}`}: migrations and the demo shop when empty…`,
    );
    await prepareDatabase(database.db, { seed: 'demo' });
    console.log(
      `Adding ${command.products.toLocaleString('en')} products` +
        (command.categories ? ` and ${command.categories} categories` : '') +
        ` (seed ${command.seed}, ${command.batchSize} a batch)…`,
    );
    const galleries = command.photographs
      ? await photographedGalleries(config.dataDir, demoGalleriesBySlug(), undefined, (stored, total) => {
          if (stored === total || stored % 10 === 0)
            console.log(`  ${stored} / ${total} photographs stored in ${config.dataDir}/uploads/products`);
        })
      : undefined;
    const result = await seedBulkCatalogue(database.db, {
      galleries,
      products: command.products,
      categories: command.categories,
      seed: command.seed,
      batchSize: command.batchSize,
      onProgress: progressPrinter(command.products),
    });
    console.log(
      `Added ${result.products.toLocaleString('en')} products (ids ${result.firstId}–${result.lastId}), ` +
        `${result.images.toLocaleString('en')} pictures, ${result.values.toLocaleString('en')} sizes and colours, ` +
        `${result.reviews.toLocaleString('en')} reviews and ${result.categoriesCreated} categories ` +
        `in ${seconds(result.elapsedMs)} (${seconds(Date.now() - started)} with opening and migrations).`,
    );
    return 0;
  } finally {
    await database.close();
  }
}

if (require.main === module) runCommand(() => main(loadConfig()));
