// The embedded database's data folder: one server process at a time, and never a silent fresh start over a
// folder that held something.
import { closeSync, openSync, readFileSync, readdirSync, statSync, unlinkSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';

export const LOCK_FILE = 'server.lock';
export const PGLITE_DIR = 'pglite';

/** The server cannot start on this data folder; the message says why and what the operator can do. */
export class DataDirError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DataDirError';
  }
}

interface LockOwner {
  pid: number;
  host: string;
  startedAt: string;
}

export interface DataDirLock {
  readonly file: string;
  release(): void;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readOwner(file: string): { text: string; owner: LockOwner | null } | null {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  try {
    const parsed = JSON.parse(text) as Partial<LockOwner>;
    if (typeof parsed.pid === 'number' && typeof parsed.host === 'string') {
      return { text, owner: { pid: parsed.pid, host: parsed.host, startedAt: String(parsed.startedAt) } };
    }
  } catch {
    // A lock cut short by a crash while it was written: nobody can hold it.
  }
  return { text, owner: null };
}

/** Lock files this process holds (a second open in the same process must be refused too). */
const heldHere = new Set<string>();

/**
 * Whether the recorded owner is gone. Our own pid counts as gone unless we hold the lock: in a container the
 * server is often pid 1 at every start, so a lock left by a killed predecessor carries our pid. Another host's
 * process cannot be checked, so its lock is held until an operator removes it.
 */
function isStale(file: string, owner: LockOwner | null): boolean {
  if (!owner) return true;
  if (owner.host !== hostname()) return false;
  if (owner.pid === process.pid) return !heldHere.has(file);
  return !isAlive(owner.pid);
}

function inUseMessage(dataDir: string, file: string, owner: LockOwner): string {
  const where = owner.host === hostname() ? `process ${owner.pid}` : `process ${owner.pid} on ${owner.host}`;
  return (
    `The data folder ${dataDir} is in use by another server (${where}, started ${owner.startedAt}). ` +
    `Two servers on one embedded database would hand out the same ids and damage it. Stop the other server, ` +
    `or give this one its own DATA_DIR. If no server uses the folder any more, delete ${file}.`
  );
}

function tryCreate(file: string): boolean {
  let fd: number;
  try {
    // O_EXCL: of two processes creating the lock at once, exactly one succeeds.
    fd = openSync(file, 'wx');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
  try {
    const owner: LockOwner = { pid: process.pid, host: hostname(), startedAt: new Date().toISOString() };
    writeSync(fd, JSON.stringify(owner));
  } finally {
    closeSync(fd);
  }
  return true;
}

/** Takes `<dataDir>/server.lock` for this process, replacing a stale one; refuses while another server lives. */
export function lockDataDir(dataDir: string): DataDirLock {
  const file = path.join(dataDir, LOCK_FILE);
  for (let attempt = 0; attempt < 3; attempt += 1) {
    if (tryCreate(file)) {
      heldHere.add(file);
      let held = true;
      const release = () => {
        if (!held) return;
        held = false;
        heldHere.delete(file);
        process.removeListener('exit', release);
        // Only our own lock: an operator may have removed it and another server taken the folder since.
        if (readOwner(file)?.owner?.pid === process.pid) unlinkSync(file);
      };
      // A crash after start still leaves the folder usable without waiting for stale-lock detection.
      process.once('exit', release);
      return { file, release };
    }
    const found = readOwner(file);
    if (!found) continue;
    if (!isStale(file, found.owner))
      throw new DataDirError(inUseMessage(dataDir, file, found.owner as LockOwner));
    // Removed only if it is still the stale lock just read, so a twin that replaced it meanwhile keeps its own.
    if (readOwner(file)?.text === found.text) unlinkSync(file);
  }
  throw new DataDirError(`The data folder ${dataDir} is being taken by another server starting right now.`);
}

/** Names in a data folder that say nothing about its contents (a mounted volume's own folder, dotfiles). */
function isIgnorable(name: string): boolean {
  return name === LOCK_FILE || name === 'lost+found' || name.startsWith('.');
}

function namesIn(dir: string): string[] {
  try {
    return readdirSync(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

function filesUnder(dir: string): string[] {
  return namesIn(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? filesUnder(full) : [full];
  });
}

function damaged(dataDir: string, problem: string): DataDirError {
  return new DataDirError(
    `The data folder ${dataDir} looks damaged: ${problem}. The server does not start a fresh demo shop over ` +
      `it. Restore the folder from a backup, or move it away to start a fresh demo shop.`,
  );
}

export type DataDirState = 'fresh' | 'existing';

/**
 * What the data folder holds, checked before the embedded database opens it (which would otherwise run initdb
 * over a folder it does not recognise and start an empty shop there). `fresh`: missing or empty, the demo shop
 * may be created. `existing`: a database cluster to open. Anything else refuses to start.
 */
export function inspectDataDir(dataDir: string): DataDirState {
  const clusterDir = path.join(dataDir, PGLITE_DIR);
  const clusterFiles = filesUnder(clusterDir);
  if (clusterFiles.length === 0) {
    const others = namesIn(dataDir)
      .filter((name) => !isIgnorable(name) && name !== PGLITE_DIR)
      .flatMap((name) => {
        const full = path.join(dataDir, name);
        return statSync(full).isDirectory() ? filesUnder(full) : [full];
      });
    if (others.length > 0) {
      const shown = path.relative(dataDir, others[0] as string);
      throw damaged(dataDir, `it holds files (${shown}${others.length > 1 ? ', …' : ''}) but no database`);
    }
    return 'fresh';
  }
  const versionFile = path.join(clusterDir, 'PG_VERSION');
  let version: string;
  try {
    version = readFileSync(versionFile, 'utf8').trim();
  } catch {
    throw damaged(dataDir, `${PGLITE_DIR}/ holds files but no PG_VERSION, so it is not a database folder`);
  }
  if (!/^\d+$/.test(version)) throw damaged(dataDir, `${PGLITE_DIR}/PG_VERSION is unreadable`);
  const control = path.join(clusterDir, 'global', 'pg_control');
  let controlSize = 0;
  try {
    controlSize = statSync(control).size;
  } catch {
    throw damaged(dataDir, `${PGLITE_DIR}/global/pg_control is missing`);
  }
  // PostgreSQL always writes the control file as one 8 kB page; anything shorter was cut off.
  if (controlSize !== 8192) throw damaged(dataDir, `${PGLITE_DIR}/global/pg_control is truncated`);
  return 'existing';
}

/** The embedded database failed to open an existing folder: say so in words, keep the cause for the log. */
export function openFailed(dataDir: string, error: unknown): DataDirError {
  // The WebAssembly build throws bare file-system errors that carry only an errno.
  const { message, errno } = (typeof error === 'object' && error !== null ? error : {}) as {
    message?: unknown;
    errno?: unknown;
  };
  const reason =
    typeof message === 'string' && message ? message : `file-system error ${String(errno ?? error)}`;
  const failure = damaged(dataDir, `the database in ${PGLITE_DIR}/ could not be opened (${reason})`);
  failure.cause = error;
  return failure;
}
