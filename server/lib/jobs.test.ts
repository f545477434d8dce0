import { createJobRunner, type Job } from './jobs';

const silent = { info: () => undefined, error: () => undefined };

function recorder(name: string, outcome: () => Promise<number> = async () => 1) {
  const runs: Date[] = [];
  const job: Job = {
    name,
    run: async (now) => {
      runs.push(now);
      return outcome();
    },
  };
  return { job, runs };
}

describe('the housekeeping runner', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('runs its jobs soon after the start, then every interval, until stopped', async () => {
    const { job, runs } = recorder('count');
    const runner = createJobRunner({
      jobs: [job],
      intervalMs: 1000,
      firstDelayMs: 100,
      now: () => new Date(7),
      log: silent,
    });
    runner.start();
    await jest.advanceTimersByTimeAsync(99);
    expect(runs).toHaveLength(0);
    await jest.advanceTimersByTimeAsync(1);
    expect(runs).toEqual([new Date(7)]);
    await jest.advanceTimersByTimeAsync(2000);
    expect(runs).toHaveLength(3);
    await runner.stop();
    expect(runner.running).toBe(false);
    await jest.advanceTimersByTimeAsync(10_000);
    expect(runs).toHaveLength(3);
  });

  it('keeps going when one job fails, and logs it', async () => {
    const failing = recorder('broken', () => Promise.reject(new Error('database gone')));
    const healthy = recorder('healthy');
    const errors: unknown[] = [];
    const log = { info: () => undefined, error: (entry: unknown) => errors.push(entry) };
    const runner = createJobRunner({
      jobs: [failing.job, healthy.job],
      intervalMs: 1000,
      firstDelayMs: 1000,
      now: () => new Date(),
      log,
    });
    await runner.tick();
    expect(failing.runs).toHaveLength(1);
    expect(healthy.runs).toHaveLength(1);
    expect(errors).toEqual([expect.objectContaining({ job: 'broken' })]);
  });

  it('never runs two ticks at once, and stop waits for the running one', async () => {
    let finish: (handled: number) => void = () => undefined;
    const slow = recorder('slow', () => new Promise<number>((resolve) => (finish = resolve)));
    const runner = createJobRunner({
      jobs: [slow.job],
      intervalMs: 1000,
      firstDelayMs: 1000,
      now: () => new Date(),
      log: silent,
    });
    const first = runner.tick();
    const second = runner.tick();
    await Promise.resolve();
    expect(slow.runs).toHaveLength(1);
    let stopped = false;
    const stopping = runner.stop().then(() => (stopped = true));
    await Promise.resolve();
    expect(stopped).toBe(false);
    finish(0);
    await Promise.all([first, second, stopping]);
    expect(stopped).toBe(true);
    expect(slow.runs).toHaveLength(1);
  });
});
