import type { FastifyBaseLogger } from 'fastify';

/** Housekeeping the server does by itself (expiring what nobody will come back for). */
export interface Job {
  name: string;
  /** Answers how many things it handled, for the log. */
  run(now: Date): Promise<number>;
}

export interface JobRunner {
  /** Runs every job once, one after the other; a failing job is logged and the others still run. */
  tick(): Promise<void>;
  /** Schedules ticks: the first after `firstDelayMs`, then every `intervalMs`. */
  start(): void;
  /** No new ticks; waits for a running one, so the database is not closed under it. */
  stop(): Promise<void>;
  readonly running: boolean;
}

export interface JobRunnerOptions {
  jobs: Job[];
  intervalMs: number;
  firstDelayMs: number;
  now: () => Date;
  log: Pick<FastifyBaseLogger, 'info' | 'error'>;
}

export function createJobRunner(options: JobRunnerOptions): JobRunner {
  let timer: NodeJS.Timeout | null = null;
  let started = false;
  let current: Promise<void> | null = null;

  async function runAll(): Promise<void> {
    for (const job of options.jobs) {
      try {
        const handled = await job.run(options.now());
        if (handled > 0) options.log.info({ job: job.name, handled }, 'housekeeping');
      } catch (error) {
        options.log.error({ err: error, job: job.name }, 'housekeeping job failed');
      }
    }
  }

  function tick(): Promise<void> {
    // Two ticks never overlap: a slow one is joined, not doubled.
    current ??= runAll().finally(() => {
      current = null;
    });
    return current;
  }

  function schedule(delay: number): void {
    timer = setTimeout(() => {
      void tick().then(() => {
        if (started) schedule(options.intervalMs);
      });
    }, delay);
    // Housekeeping never keeps a process alive on its own.
    timer.unref();
  }

  return {
    tick,
    start() {
      if (started) return;
      started = true;
      schedule(options.firstDelayMs);
    },
    async stop() {
      started = false;
      if (timer) clearTimeout(timer);
      timer = null;
      await current;
    },
    get running() {
      return started;
    },
  };
}
