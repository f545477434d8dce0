// A Chromium driven over its DevTools pipe with only the domains a page load needs (Page, Network, Emulation, and
// Runtime.evaluate to read the page's figures), for the phone row's cold loads (bench/shopperView.ts).
//
// Why not a Playwright page: Playwright enables the Runtime domain in every page it drives, and with it V8's
// inspector captures a detailed stack trace, source positions included, for every exception the page throws, even one
// it catches itself (React's suspended lazy page, Redux Toolkit's `ConditionError` for a query already in the
// cache). Collecting those positions re-parses the entry's outer function: 130–200 ms of main thread at 4× before
// the page works, which no shopper's phone does (docs/performance.md, "the phone row without the inspector").
// The switches are Playwright's own, read from the browser it launches, so the driver's domains are the only
// difference.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { launchChromium } from './pageLoad';

interface Message {
  id?: number;
  method?: string;
  params?: Record<string, unknown>;
  result?: Record<string, unknown>;
  error?: { message: string };
  sessionId?: string;
}

/** Chromium's command line as Playwright launches it (its switches and ours), without its profile folder. */
async function playwrightCommandLine(): Promise<{ executable: string; args: string[] }> {
  const browser = await launchChromium();
  try {
    const tab = await browser.newPage();
    await tab.goto('chrome://version');
    const line = (await tab.locator('#command_line').innerText()).trim().split(/\s+/);
    const [executable = '/usr/bin/chromium', ...args] = line;
    return { executable, args: args.filter((arg) => !arg.startsWith('--user-data-dir=')) };
  } finally {
    await browser.close();
  }
}

export interface BareTab {
  /** Sends a command to the tab's page. */
  send(method: string, params?: Record<string, unknown>): Promise<Record<string, unknown>>;
  /** Resolves on the tab's next event of that name. */
  next(method: string): Promise<Record<string, unknown>>;
  /** An expression's value, by value (JSON), evaluated in the page without enabling the Runtime domain. */
  evaluate<T>(expression: string): Promise<T>;
  close(): Promise<void>;
}

export class BareChromium {
  private nextId = 0;
  private readonly answers = new Map<number, (message: Message) => void>();
  private readonly listeners = new Set<(message: Message) => void>();
  /** The browser's own user agent (a tab's language override must restate it). */
  userAgent = '';

  private constructor(
    private readonly process: ChildProcess,
    private readonly profile: string,
  ) {
    let buffered = '';
    const output = process.stdio[4] as NodeJS.ReadableStream;
    output.setEncoding('utf8');
    output.on('data', (chunk: string) => {
      buffered += chunk;
      let end = buffered.indexOf('\0');
      while (end !== -1) {
        const message = JSON.parse(buffered.slice(0, end)) as Message;
        buffered = buffered.slice(end + 1);
        end = buffered.indexOf('\0');
        const answer = message.id === undefined ? undefined : this.answers.get(message.id);
        if (answer && message.id !== undefined) {
          this.answers.delete(message.id);
          answer(message);
        } else for (const listener of this.listeners) listener(message);
      }
    });
  }

  static async launch(): Promise<BareChromium> {
    const { executable, args } = await playwrightCommandLine();
    const profile = mkdtempSync(path.join(tmpdir(), 'bench-chromium-'));
    const child = spawn(executable, [...args, `--user-data-dir=${profile}`], {
      stdio: ['ignore', 'ignore', 'ignore', 'pipe', 'pipe'],
    });
    const browser = new BareChromium(child, profile);
    // Also waits for the pipe to answer.
    browser.userAgent = String((await browser.send('Browser.getVersion')).userAgent);
    return browser;
  }

  send(method: string, params: Record<string, unknown> = {}, sessionId?: string) {
    this.nextId += 1;
    const id = this.nextId;
    return new Promise<Record<string, unknown>>((resolve, reject) => {
      this.answers.set(id, (message) =>
        message.error
          ? reject(new Error(`${method}: ${message.error.message}`))
          : resolve(message.result ?? {}),
      );
      (this.process.stdio[3] as NodeJS.WritableStream).write(
        `${JSON.stringify({ id, method, params, sessionId })}\0`,
      );
    });
  }

  /** A tab in a context of its own (an empty cache and no cookies), attached without Runtime. */
  async newTab(): Promise<BareTab> {
    const { browserContextId } = await this.send('Target.createBrowserContext', { disposeOnDetach: true });
    const { targetId } = await this.send('Target.createTarget', { url: 'about:blank', browserContextId });
    const { sessionId } = (await this.send('Target.attachToTarget', { targetId, flatten: true })) as {
      sessionId: string;
    };
    const send = (method: string, params: Record<string, unknown> = {}) =>
      this.send(method, params, sessionId);
    return {
      send,
      next: (method) =>
        new Promise((resolve) => {
          const listener = (message: Message) => {
            if (message.sessionId !== sessionId || message.method !== method) return;
            this.listeners.delete(listener);
            resolve(message.params ?? {});
          };
          this.listeners.add(listener);
        }),
      evaluate: async <T>(expression: string) => {
        const { result, exceptionDetails } = (await send('Runtime.evaluate', {
          expression,
          returnByValue: true,
          awaitPromise: true,
        })) as { result: { value: T }; exceptionDetails?: { text: string } };
        if (exceptionDetails) throw new Error(`in the page: ${exceptionDetails.text}`);
        return result.value;
      },
      close: async () => {
        await this.send('Target.disposeBrowserContext', { browserContextId });
      },
    };
  }

  async close(): Promise<void> {
    const exited = new Promise((resolve) => this.process.once('exit', resolve));
    await this.send('Browser.close').catch(() => undefined);
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
    this.process.kill();
    rmSync(this.profile, { recursive: true, force: true });
  }
}
