// The real server started as a process (`server/main.ts` under tsx), for tests of what happens at start: refusals,
// data-folder locks, the start banner.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
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

/** `env` is laid over this process's environment; `undefined` removes a variable. */
export function startServerProcess(
  port: number,
  env: Record<string, string | undefined>,
  script = 'server/main.ts',
  args: string[] = [],
): StartedServer {
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
  const child = spawn(process.execPath, [require.resolve('tsx/cli'), script, ...args], {
    cwd: path.resolve(__dirname, '../..'),
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
