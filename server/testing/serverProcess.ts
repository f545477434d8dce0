// The real server started as a process, for tests of what happens at start: refusals, data-folder locks, the start
// banner.
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { build, type Plugin } from 'esbuild';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { PGLITE_DIR } from '../db/dataDir';
import { migratedPgliteTemplate } from './pgliteTemplate';

export interface StartedServer {
  child: ChildProcess;
  port: number;
  output: () => string;
  exited: Promise<number | null>;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

const ROOT = path.resolve(__dirname, '../..');

/**
 * `__dirname` in our source (the migrations' folder, the media folder) names the source file's folder, as when the file
 * runs on its own; the packages are external, so every TypeScript file the bundle reads is ours.
 */
const sourceFolders: Plugin = {
  name: 'source-folders',
  setup(build) {
    build.onLoad({ filter: /\.tsx?$/ }, (args) => ({
      contents: readFileSync(args.path, 'utf8').replace(
        /\b__dirname\b/g,
        JSON.stringify(path.dirname(args.path)),
      ),
      loader: args.path.endsWith('x') ? 'tsx' : 'ts',
    }));
  },
};

const bundles = new Map<string, Promise<string>>();

/**
 * A start script as one CommonJS file of our code (the packages are required from node_modules as usual), made once per
 * test process: under tsx, each start resolved and compiled some 200 of our files through its loader (about 2.5 s of a
 * 6 s start, in each of a test file's processes). The code is the same: esbuild strips the types as tsx does.
 */
function bundled(script: string): Promise<string> {
  let made = bundles.get(script);
  if (!made) {
    made = bundle(script);
    bundles.set(script, made);
  }
  return made;
}

/** Bundles older than this are of code long changed: removed when a test bundles again. */
const STALE_BUNDLE_MS = 24 * 60 * 60 * 1000;

async function bundle(script: string): Promise<string> {
  const result = await build({
    entryPoints: [path.join(ROOT, script)],
    bundle: true,
    packages: 'external',
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    write: false,
    outfile: 'bundle.cjs',
    plugins: [sourceFolders],
    absWorkingDir: ROOT,
    logLevel: 'error',
  });
  const code = result.outputFiles[0]?.contents;
  if (!code) throw new Error(`esbuild wrote nothing for ${script}`);
  // Inside node_modules so the packages resolve from it; named by its content, so test files starting servers at once
  // share one file and a changed source gets a new one.
  const folder = path.join(ROOT, 'node_modules/.cache/server-process');
  mkdirSync(folder, { recursive: true });
  const name = path.basename(script, path.extname(script));
  const file = path.join(
    folder,
    `${name}-${createHash('sha256').update(code).digest('hex').slice(0, 16)}.cjs`,
  );
  for (const other of readdirSync(folder)) {
    const otherPath = path.join(folder, other);
    if (Date.now() - statSync(otherPath).mtimeMs > STALE_BUNDLE_MS) rmSync(otherPath, { force: true });
  }
  if (!existsSync(file)) {
    const partial = `${file}.${process.pid}.tmp`;
    writeFileSync(partial, code);
    renameSync(partial, file);
  } else {
    // In use again: not stale for the next prune.
    const now = new Date();
    utimesSync(file, now, now);
  }
  return file;
}

/** `env` is laid over this process's environment; `undefined` removes a variable. */
export async function startServerProcess(
  port: number,
  env: Record<string, string | undefined>,
  script = 'server/main.ts',
  args: string[] = [],
): Promise<StartedServer> {
  const laid: Record<string, string | undefined> = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'info',
    ...env,
  };
  const merged: NodeJS.ProcessEnv = Object.fromEntries(
    Object.entries(laid).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );
  const child = spawn(process.execPath, [await bundled(script), ...args], {
    cwd: ROOT,
    env: merged,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let text = '';
  child.stdout?.on('data', (chunk: Buffer) => (text += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (text += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, port, output: () => text, exited };
}

export async function until(check: () => boolean, what: string, exited: Promise<unknown>): Promise<void> {
  let done = false;
  void exited.then(() => (done = true));
  while (!check()) {
    if (done) throw new Error(`the server exited before ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * Writes a migrated database into a new data folder, as a first start leaves it before its seed: a server started on it
 * skips initdb (about 3 s of a process's start). Tests of a first start on an empty folder do not use it.
 */
export async function migratedDataDir(dataDir: string): Promise<string> {
  mkdirSync(dataDir, { recursive: true });
  const client = new PGlite(path.join(dataDir, PGLITE_DIR), {
    loadDataDir: await migratedPgliteTemplate(),
    extensions: { pg_trgm },
  });
  await client.waitReady;
  await client.close();
  return dataDir;
}
