// Periodic background work inside the server process. A run never overlaps the previous one, a failing job is
// logged and does not stop the others, and stop() waits for a run in progress, so closing the server (and then
// its database) never cuts a job in half.

export interface Job {
  name: string;
  run(now: Date): Promise<unknown>;
}

/** Where the next run is scheduled; tests hand in their own to fire runs by hand. Answers a cancel function. */
export type Schedule = (run: () => void, delayMs: number) => () => void;

export const timerSchedule: Schedule = (run, delayMs) => {
  const timer = setTimeout(run, delayMs);
  // A pending run must not keep the process alive on its own.
  timer.unref();
  return () => clearTimeout(timer);
};

export interface JobRunnerOptions {
  intervalMs: number;
  now: () => Date;
  onError: (error: unknown, job: string) => void;
  /** Each job's report after a run that did not throw (the server logs it, so work shows in the log). */
  onRun?: (job: string, report: unknown) => void;
  schedule?: Schedule;
}

export class JobRunner {
  private cancelNext: (() => void) | null = null;
  private running: Promise<Record<string, unknown>> | null = null;
  private stopped = false;

  constructor(
    private readonly jobs: Job[],
    private readonly options: JobRunnerOptions,
  ) {}

  /** One run of every job, in order; answers each job's report (or the error it threw). */
  tick(): Promise<Record<string, unknown>> {
    this.running ??= this.runAll().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private async runAll(): Promise<Record<string, unknown>> {
    const reports: Record<string, unknown> = {};
    for (const job of this.jobs) {
      try {
        reports[job.name] = await job.run(this.options.now());
        this.options.onRun?.(job.name, reports[job.name]);
      } catch (error) {
        this.options.onError(error, job.name);
        reports[job.name] = error;
      }
    }
    return reports;
  }

  start(): void {
    if (this.stopped || this.cancelNext) return;
    this.scheduleNext();
  }

  private scheduleNext(): void {
    const schedule = this.options.schedule ?? timerSchedule;
    this.cancelNext = schedule(() => {
      this.cancelNext = null;
      if (this.stopped) return;
      void this.tick().finally(() => {
        if (!this.stopped) this.scheduleNext();
      });
    }, this.options.intervalMs);
  }

  get scheduled(): boolean {
    return this.cancelNext !== null;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.cancelNext?.();
    this.cancelNext = null;
    await this.running?.catch(() => undefined);
  }
}
