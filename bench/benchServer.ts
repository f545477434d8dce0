// The bench's servers and HTTP load, shared by its parts (bench/run.ts, bench/scale.ts): the compiled server started
// as in production on a free port, autocannon's load, and a latency-percentile load of its own (autocannon reports
// no 95th percentile).
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(__dirname, '..');

export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export interface ServerOptions {
  /** the server on that PostgreSQL database */
  databaseUrl?: string;
  /** the embedded database in this folder (a seeded one); without either, a fresh folder */
  dataDir?: string;
}

/** `databaseUrl`: the server on that PostgreSQL database; without it, the embedded one (in `dataDir` or a fresh folder). */
export async function startServer(
  options: ServerOptions | string = {},
): Promise<{ url: string; child: ChildProcess }> {
  const { databaseUrl, dataDir } = typeof options === 'string' ? { databaseUrl: options } : options;
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    // The demo shop's catalogue and accounts, as `npm start` serves them.
    DEMO_SHOP: 'on',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir ?? mkdtempSync(path.join(os.tmpdir(), 'storefront-bench-')),
    LOG_LEVEL: 'warn',
    // Every load of the bench comes from 127.0.0.1: one shopper's limit would leave later pages unrendered.
    PAGE_RENDERS_PER_MINUTE: '1000000',
  };
  delete env.DATABASE_URL;
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  // The compiled server, as in production: the bench builds first (or, with --no-build, uses the last build).
  const child = spawn(process.execPath, [path.join(root, 'build/server/main.js')], {
    cwd: root,
    env,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 240; i += 1) {
    try {
      if ((await fetch(`${url}/api/health`)).ok) return { url, child };
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  child.kill();
  throw new Error('the server did not start');
}

export async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  await new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

/** What the SPA's requests carry from a browser: answers over 1 KB come back compressed. */
export const BROWSER_HEADERS = { 'accept-encoding': 'gzip, deflate, br', accept: 'application/json' };

export const API_CONNECTIONS = 50;
export const API_SECONDS = 20;

export interface LoadFigures {
  requestsPerSec: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
  non2xx: number;
  requests: number;
}

export interface LoadRequest {
  method: 'GET' | 'POST';
  path: string;
  body?: unknown;
}

export async function load(
  url: string,
  requests: LoadRequest[],
  headers: Record<string, string> = {},
  options: { connections?: number; amount?: number; seconds?: number } = {},
): Promise<LoadFigures> {
  const { default: autocannon } = await import('autocannon');
  const result = await autocannon({
    url,
    connections: options.connections ?? API_CONNECTIONS,
    ...(options.amount ? { amount: options.amount } : { duration: options.seconds ?? API_SECONDS }),
    // Each connection goes round these in turn (add, then update back: the line never outgrows the stock).
    requests: requests.map((r) => ({
      method: r.method,
      path: r.path,
      headers: {
        ...BROWSER_HEADERS,
        ...headers,
        ...(r.body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(r.body === undefined ? {} : { body: JSON.stringify(r.body) }),
    })),
  });
  return {
    requestsPerSec: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    requests: result.requests.total,
  };
}

export interface LatencyFigures {
  p50Ms: number;
  p95Ms: number;
  requestsPerSec: number;
  requests: number;
  failed: number;
}

/** The value below which `fraction` of the sorted values lie (nearest rank). */
export function percentile(sorted: number[], fraction: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)] ?? Number.NaN;
}

/** A load's request that has not answered by then counts as failed. */
const ANSWER_TIMEOUT_MS = 10_000;

/**
 * One GET over a kept-alive connection of `agent`: true when it answered below 400, once its last byte came. The body
 * is read, not decoded: the server's time is until its last byte, and a decoder in the load's own process would take
 * the CPU the server is measured on (this machine has two cores for the server, its database and the load).
 */
function answered(agent: http.Agent, url: URL, address: string): Promise<boolean> {
  return new Promise((resolve) => {
    const request = http.get(
      {
        hostname: url.hostname,
        port: url.port,
        path: address,
        agent,
        headers: BROWSER_HEADERS,
        // A server that stops answering fails the request (and the row) instead of holding the load forever.
        timeout: ANSWER_TIMEOUT_MS,
      },
      (response) => {
        response.on('data', () => undefined);
        response.on('end', () => resolve((response.statusCode ?? 500) < 400));
        response.on('error', () => resolve(false));
      },
    );
    request.on('timeout', () => request.destroy(new Error('no answer in time')));
    request.on('error', () => resolve(false));
  });
}

/**
 * `clients` clients asking one after another for `seconds`, each request's address from `next` (so a load can ask
 * for many different searches, as shoppers do, instead of one answer the server keeps): the 50th and 95th
 * percentile of the answers' times, as a browser asks (compressed). Node's own HTTP client, one kept-alive connection
 * per client, as autocannon: `fetch` took ~0.5 ms of CPU per request (its streams and the decoding of each answer),
 * ~70 % of a core at this load, and its own queue showed in the percentiles (docs/performance.md).
 */
export async function latencyUnderLoad(
  url: string,
  next: (index: number) => string,
  { clients = 20, seconds = 10 }: { clients?: number; seconds?: number } = {},
): Promise<LatencyFigures> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: clients });
  const server = new URL(url);
  const times: number[] = [];
  let failed = 0;
  let index = 0;
  const started = performance.now();
  const until = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (performance.now() < until) {
        const address = next(index++);
        const sent = performance.now();
        if (!(await answered(agent, server, address))) failed += 1;
        times.push(performance.now() - sent);
      }
    }),
  );
  agent.destroy();
  const elapsed = (performance.now() - started) / 1000;
  const sorted = times.sort((a, b) => a - b);
  return {
    p50Ms: Math.round(percentile(sorted, 0.5)),
    p95Ms: Math.round(percentile(sorted, 0.95)),
    requestsPerSec: Math.round(sorted.length / elapsed),
    requests: sorted.length,
    failed,
  };
}
