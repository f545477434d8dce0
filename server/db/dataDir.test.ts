import { spawnSync } from 'node:child_process';
import {
  cpSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  truncateSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import {
  freePort,
  migratedDataDir,
  startServerProcess,
  until,
  type StartedServer,
} from '../testing/serverProcess';
import { executeRows, openDb, type DbHandle } from './client';
import { DataDirError, inspectDataDir, LOCK_FILE, lockDataDir } from './dataDir';

let root: string;
beforeAll(() => {
  root = mkdtempSync(path.join(tmpdir(), 'storefront-datadir-'));
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

let counter = 0;
const freshDir = () => path.join(root, `dir-${(counter += 1)}`);

/** The pid of a process that has certainly ended. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', '']);
  return child.pid;
}

function writeLock(dir: string, owner: object | string) {
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, LOCK_FILE), typeof owner === 'string' ? owner : JSON.stringify(owner));
}

const lockOwner = (dir: string) =>
  JSON.parse(readFileSync(path.join(dir, LOCK_FILE), 'utf8')) as { pid: number };

describe('the data folder lock', () => {
  it('refuses a second holder while the first lives, and lets go on release', () => {
    const dir = freshDir();
    mkdirSync(dir);
    const first = lockDataDir(dir);
    expect(lockOwner(dir).pid).toBe(process.pid);
    expect(() => lockDataDir(dir)).toThrow(DataDirError);
    expect(() => lockDataDir(dir)).toThrow(`is in use by another server (process ${process.pid}`);
    first.release();
    expect(() => readFileSync(path.join(dir, LOCK_FILE))).toThrow();
    lockDataDir(dir).release();
  });

  it('refuses a lock whose process is alive', () => {
    const dir = freshDir();
    // This jest worker's parent is a live process that is not us.
    writeLock(dir, { pid: process.ppid, host: hostname(), startedAt: 'earlier' });
    expect(() => lockDataDir(dir)).toThrow(
      `in use by another server (process ${process.ppid}, started earlier)`,
    );
  });

  it.each([
    ['a process that has ended', () => ({ pid: deadPid(), host: hostname(), startedAt: 'x' })],
    [
      'our own pid from an earlier life (containers start as the same pid)',
      () => ({ pid: process.pid, host: hostname(), startedAt: 'x' }),
    ],
    ['a lock cut short while it was written', () => '{"pid": 12'],
  ])('takes over a stale lock left by %s', (_name, owner) => {
    const dir = freshDir();
    writeLock(dir, owner());
    const lock = lockDataDir(dir);
    expect(lockOwner(dir).pid).toBe(process.pid);
    lock.release();
  });

  it("keeps another host's lock: its process cannot be checked from here", () => {
    const dir = freshDir();
    writeLock(dir, { pid: deadPid(), host: `${hostname()}-elsewhere`, startedAt: 'x' });
    expect(() => lockDataDir(dir)).toThrow(`on ${hostname()}-elsewhere`);
  });
});

describe('inspecting the data folder', () => {
  it.each([
    ['a missing folder', (dir: string) => dir],
    ['an empty folder', (dir: string) => (mkdirSync(dir), dir)],
    [
      'a folder holding only an empty uploads folder, a stale lock and a volume’s lost+found',
      (dir: string) => {
        mkdirSync(path.join(dir, 'uploads', 'profile'), { recursive: true });
        mkdirSync(path.join(dir, 'lost+found'));
        writeLock(dir, { pid: 1, host: 'x', startedAt: 'x' });
        return dir;
      },
    ],
  ])('calls %s fresh', (_name, make) => {
    expect(inspectDataDir(make(freshDir()))).toBe('fresh');
  });

  it('refuses uploads without a database', () => {
    const dir = freshDir();
    mkdirSync(path.join(dir, 'uploads', 'profile'), { recursive: true });
    writeFileSync(path.join(dir, 'uploads', 'profile', '1-a.webp'), 'x');
    expect(() => inspectDataDir(dir)).toThrow(
      /looks damaged: it holds files \(uploads\/profile\/1-a\.webp\) but no database/,
    );
  });

  it('refuses a database folder of junk', () => {
    const dir = freshDir();
    mkdirSync(path.join(dir, 'pglite'), { recursive: true });
    writeFileSync(path.join(dir, 'pglite', 'base'), 'not a database');
    expect(() => inspectDataDir(dir)).toThrow(/pglite\/ holds files but no PG_VERSION/);
  });
});

describe('opening the embedded database on a data folder', () => {
  let good: string;
  let handle: DbHandle | undefined;

  beforeAll(async () => {
    good = freshDir();
    const first = await openDb({ dataDir: good });
    await first.db.execute(sql`CREATE TABLE marker (id int)`);
    await first.db.execute(sql`INSERT INTO marker VALUES (42)`);
    // One process per embedded folder, also within a process.
    await expect(openDb({ dataDir: good })).rejects.toThrow(/is in use by another server/);
    await first.close();
  }, 120_000);
  afterEach(async () => {
    await handle?.close();
    handle = undefined;
  });

  it('opens the folder again once the first holder closed it, with its data', async () => {
    handle = await openDb({ dataDir: good });
    expect(await executeRows(handle.db, sql`SELECT id FROM marker`)).toEqual([{ id: 42 }]);
  });

  it.each([
    [
      'PG_VERSION removed',
      (dir: string) => unlinkSync(path.join(dir, 'pglite', 'PG_VERSION')),
      /no PG_VERSION/,
    ],
    [
      'the control file truncated',
      (dir: string) => truncateSync(path.join(dir, 'pglite', 'global', 'pg_control'), 100),
      /pg_control is truncated/,
    ],
    [
      'the control file overwritten with zeros',
      (dir: string) => writeFileSync(path.join(dir, 'pglite', 'global', 'pg_control'), Buffer.alloc(8192)),
      /the database in pglite\/ could not be opened/,
    ],
  ])('refuses a copy with %s, names the problem, and leaves it as it was', async (_name, damage, message) => {
    const dir = freshDir();
    cpSync(good, dir, { recursive: true });
    damage(dir);
    const before = readFileSync(path.join(dir, 'pglite', 'postgresql.conf'));
    await expect(openDb({ dataDir: dir })).rejects.toThrow(message);
    await expect(openDb({ dataDir: dir })).rejects.toThrow(
      /Restore the folder from a backup, or move it away/,
    );
    expect(readFileSync(path.join(dir, 'pglite', 'postgresql.conf'))).toEqual(before);
    // A refused start leaves no lock behind.
    expect(() => readFileSync(path.join(dir, LOCK_FILE))).toThrow();
  });
});

function startServer(dataDir: string, port: number): Promise<StartedServer> {
  return startServerProcess(port, { NODE_ENV: 'test', DATA_DIR: dataDir });
}

test('two server processes on one data folder: the second refuses to start and says why', async () => {
  const dataDir = await migratedDataDir(freshDir());
  const first = await startServer(dataDir, await freePort());
  try {
    await until(() => first.output().includes('Server listening'), 'listening', first.exited);
    const second = await startServer(dataDir, await freePort());
    expect(await second.exited).toBe(1);
    // The pid the refusal names is the one the lock file holds.
    expect(second.output()).toContain(
      `Not starting: The data folder ${dataDir} is in use by another server (process ${lockOwner(dataDir).pid}`,
    );
    // The first one still serves.
    expect(first.child.exitCode).toBeNull();
  } finally {
    first.child.kill('SIGTERM');
    await first.exited;
  }
  // Stopped cleanly, it leaves no lock: the next start takes the folder straight away.
  expect(() => readFileSync(path.join(dataDir, LOCK_FILE))).toThrow();
}, 180_000);
