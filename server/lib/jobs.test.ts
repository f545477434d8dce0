import { eq } from 'drizzle-orm';
import { orders } from '../db/schema';
import { didWork } from '../app';
import { createTestApp } from '../testing/testApp';
import { JobRunner, type Schedule } from './jobs';

jest.setTimeout(60_000);

/** A schedule the test fires by hand: no timers, so nothing depends on how fast the machine is. */
function manualSchedule() {
  const pending: { run: () => void; delayMs: number; canceled: boolean }[] = [];
  const schedule: Schedule = (run, delayMs) => {
    const entry = { run, delayMs, canceled: false };
    pending.push(entry);
    return () => {
      entry.canceled = true;
    };
  };
  return {
    schedule,
    /** the runs waiting to fire */
    waiting: () => pending.filter((entry) => !entry.canceled),
    fire() {
      const entry = pending.shift();
      if (!entry || entry.canceled) throw new Error('nothing scheduled');
      entry.run();
    },
  };
}

const flush = () => new Promise((resolve) => setImmediate(resolve));
/** Real time, not event-loop turns: on PostgreSQL a job's queries wait on the network for many turns. */
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

test('a failing job is reported and the next ones still run; stop() waits for a run in progress', async () => {
  const errors: string[] = [];
  let release: () => void = () => undefined;
  const slow = new Promise<void>((resolve) => {
    release = resolve;
  });
  let finished = false;
  const runner = new JobRunner(
    [
      {
        name: 'broken',
        run: () => Promise.reject(new Error('boom')),
      },
      {
        name: 'slow',
        run: async () => {
          await slow;
          finished = true;
          return 'done';
        },
      },
    ],
    { intervalMs: 1000, now: () => new Date(), onError: (_error, job) => errors.push(job) },
  );
  const tick = runner.tick();
  // A second call during a run joins it instead of starting another.
  expect(runner.tick()).toBe(tick);
  const stopped = runner.stop();
  let stopDone = false;
  void stopped.then(() => {
    stopDone = true;
  });
  await flush();
  expect(stopDone).toBe(false);
  release();
  await stopped;
  expect(finished).toBe(true);
  expect(errors).toEqual(['broken']);
  expect((await tick).slow).toBe('done');
});

test('the app runs its jobs by itself once ready, every interval, and stops them when it closes', async () => {
  const schedule = manualSchedule();
  let now = new Date('2026-01-15T10:00:00Z');
  const t = await createTestApp({
    jobSchedule: schedule.schedule,
    config: { backgroundJobs: true, jobsIntervalMs: 15_000, now: () => now },
  });
  try {
    expect(schedule.waiting().map((entry) => entry.delayMs)).toEqual([15_000]);
    // An overdue order the job must find without anybody calling it.
    const [created] = await t.db
      .insert(orders)
      .values({
        status: 'pending',
        governorateName: 'Ahmadi',
        areaName: 'Fahaheel',
        address: 'Block 5',
        paymentMethod: 'online',
        contactEmail: 'buyer@example.com',
        contactPhone: '55512345',
        contactCountryCode: '+965',
        subtotal: 5,
        totalPrice: 7,
        stockReserved: true,
        reservedUntil: new Date(now.getTime() + 60_000),
      })
      .returning({ id: orders.id });
    now = new Date(now.getTime() + 60_000);
    schedule.fire();
    // The run is asynchronous; the next one is scheduled once it is done.
    for (let waited = 0; waited < 30_000 && schedule.waiting().length === 0; waited += 10) await pause(10);
    const [row] = await t.db
      .select()
      .from(orders)
      .where(eq(orders.id, created?.id ?? 0));
    expect(row?.status).toBe('expired');
    expect(schedule.waiting()).toHaveLength(1);
  } finally {
    await t.close();
  }
  expect(schedule.waiting()).toEqual([]);
});

test("each job's report reaches onRun after its run; a job that threw does not", async () => {
  const seen: [string, unknown][] = [];
  const runner = new JobRunner(
    [
      { name: 'counts', run: async () => ({ expired: 2 }) },
      { name: 'broken', run: () => Promise.reject(new Error('boom')) },
    ],
    {
      intervalMs: 1000,
      now: () => new Date(),
      onError: () => undefined,
      onRun: (job, report) => seen.push([job, report]),
    },
  );
  await runner.tick();
  expect(seen).toEqual([['counts', { expired: 2 }]]);
});

test('didWork: a count above zero, alone or in a report', () => {
  expect(didWork(3)).toBe(true);
  expect(didWork(0)).toBe(false);
  expect(didWork({ expired: 0, paid: 1 })).toBe(true);
  expect(didWork({ checked: 0, paid: 0, failed: 0 })).toBe(false);
  expect(didWork(undefined)).toBe(false);
});

test('the log shows each overdue order claimed and expired, and the run that did it, so two processes doing the same work would show', async () => {
  let now = new Date('2026-01-15T10:00:00Z');
  const lines: Record<string, unknown>[] = [];
  const stream = { write: (line: string) => lines.push(JSON.parse(line) as Record<string, unknown>) };
  const t = await createTestApp({ config: { now: () => now }, logger: { level: 'debug', stream } });
  try {
    const [created] = await t.db
      .insert(orders)
      .values({
        status: 'pending',
        governorateName: 'Ahmadi',
        areaName: 'Fahaheel',
        address: 'Block 5',
        paymentMethod: 'online',
        contactEmail: 'buyer@example.com',
        contactPhone: '55512345',
        contactCountryCode: '+965',
        subtotal: 5,
        totalPrice: 7,
        stockReserved: true,
        reservedUntil: new Date(now.getTime() + 60_000),
      })
      .returning({ id: orders.id });
    now = new Date(now.getTime() + 60_000);
    await t.app.jobs.tick();
    const about = (message: string) =>
      lines.filter((line) => line.msg === message).map((line) => [line.level, line.orderId ?? line.job]);
    expect(about('overdue order claimed')).toEqual([[20, created?.id]]);
    expect(about('unpaid order expired')).toEqual([[30, created?.id]]);
    const runs = lines.filter((line) => line.msg === 'background job ran');
    expect(runs.find((line) => line.job === 'expire-unpaid-orders')).toMatchObject({
      level: 30,
      report: { expired: 1, paid: 0 },
    });
    // A run that found nothing is a debug line only.
    expect(runs.find((line) => line.job === 'reconcile-payments')).toMatchObject({ level: 20 });
  } finally {
    await t.close();
  }
});
