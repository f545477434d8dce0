// The real server started as a process (`server/main.ts` under tsx), for tests of what happens at start: refusals,
// data-folder locks, the start banner.
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';

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
