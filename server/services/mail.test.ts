import { desc, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { deleteMailBefore } from '../db/queries/outbox';
import { outbox } from '../db/schema';
import { createTestApp, type TestApp } from '../testing/testApp';
import { createMailService, MAIL_RETRY_DELAYS_MS, type MailTransport } from './mail';

// A fresh database per file takes more than the default 5 s on a busy machine.
jest.setTimeout(30_000);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

interface LogLine {
  level: 'info' | 'error';
  data: unknown;
  msg: string;
}

function recordingLogger(lines: LogLine[]): FastifyBaseLogger {
  const logger = {
    info: (data: unknown, msg: string) => lines.push({ level: 'info', data, msg }),
    error: (data: unknown, msg: string) => lines.push({ level: 'error', data, msg }),
  };
  return logger as unknown as FastifyBaseLogger;
}

test('every message goes to the outbox, the log and the transport', async () => {
  const lines: LogLine[] = [];
  const sent: Parameters<MailTransport>[0][] = [];
  const mail = createMailService({
    db: t.db,
    logger: recordingLogger(lines),
    from: 'Shop <shop@example.com>',
    transport: async (message) => {
      sent.push(message);
    },
    logCodes: true,
  });
  await mail.send({ to: 'Buyer@Example.com', subject: 'Code', text: 'Your code is 123456', code: '123456' });
  const [row] = await t.db.select().from(outbox).orderBy(desc(outbox.id)).limit(1);
  expect(row).toMatchObject({
    recipient: 'buyer@example.com',
    subject: 'Code',
    body: 'Your code is 123456',
    code: '123456',
  });
  expect(sent).toEqual([
    {
      to: 'Buyer@Example.com',
      subject: 'Code',
      text: 'Your code is 123456',
      code: '123456',
      from: 'Shop <shop@example.com>',
    },
  ]);
  expect(lines).toEqual([
    {
      level: 'info',
      data: { mail: { to: 'Buyer@Example.com', subject: 'Code', code: '123456' } },
      msg: 'mail queued',
    },
  ]);
});

test('in production the code stays out of the log', async () => {
  const lines: LogLine[] = [];
  const mail = createMailService({
    db: t.db,
    logger: recordingLogger(lines),
    from: 'x@example.com',
    logCodes: false,
  });
  await mail.send({ to: 'a@example.com', subject: 'Code', text: 'secret 654321', code: '654321' });
  expect(JSON.stringify(lines)).not.toContain('654321');
});

test('an SMTP failure is logged, not thrown, and the outbox keeps the message', async () => {
  const lines: LogLine[] = [];
  const mail = createMailService({
    db: t.db,
    logger: recordingLogger(lines),
    from: 'x@example.com',
    transport: async () => {
      throw new Error('connection refused');
    },
    logCodes: true,
  });
  await expect(
    mail.send({ to: 'down@example.com', subject: 'Code', text: 'code 111222', code: '111222' }),
  ).resolves.toBeUndefined();
  expect(lines.some((line) => line.level === 'error' && line.msg === 'SMTP delivery failed')).toBe(true);
  const [row] = await t.db.select().from(outbox).orderBy(desc(outbox.id)).limit(1);
  // A code is not sent again later: its reader asks for a new one.
  expect(row).toMatchObject({ recipient: 'down@example.com', deliveryAttempts: 1, retryAt: null });
});

describe('mail the SMTP server did not take', () => {
  const MINUTE = 60_000;
  let clock = new Date('2026-05-01T10:00:00Z');
  /** An SMTP server that is down until `upAt`, recording what it took. */
  function flakyServer(upAt: Date) {
    const taken: string[] = [];
    const transport: MailTransport = async (message) => {
      if (clock < upAt) throw new Error('connection refused');
      taken.push(`${message.to}: ${message.subject}`);
    };
    return { taken, transport };
  }
  const service = (transport: MailTransport, lines: LogLine[] = []) =>
    createMailService({
      db: t.db,
      logger: recordingLogger(lines),
      from: 'shop@example.com',
      transport,
      logCodes: false,
      now: () => clock,
    });

  test('is tried again after a pause by the background job, and goes once', async () => {
    const server = flakyServer(new Date(clock.getTime() + 3 * MINUTE));
    const lines: LogLine[] = [];
    const mail = service(server.transport, lines);
    await mail.send({ to: 'Buyer@Example.com', subject: 'Your order #7 is cancelled', text: 'Sorry.' });
    expect(lines.map((line) => line.msg)).toContain('SMTP delivery failed; tried again later');
    // Not before its pause is over.
    expect(await mail.retryDue(clock)).toEqual({ delivered: 0, failed: 0, gaveUp: 0 });
    clock = new Date(clock.getTime() + MINUTE);
    expect(await mail.retryDue(clock)).toEqual({ delivered: 0, failed: 1, gaveUp: 0 });
    clock = new Date(clock.getTime() + 5 * MINUTE);
    // Two server processes' jobs at once: one of them sends it.
    const reports = await Promise.all([mail.retryDue(clock), mail.retryDue(clock)]);
    expect(reports.map((report) => report.delivered).sort()).toEqual([0, 1]);
    expect(server.taken).toEqual(['buyer@example.com: Your order #7 is cancelled']);
    clock = new Date(clock.getTime() + 24 * 60 * MINUTE);
    expect(await mail.retryDue(clock)).toEqual({ delivered: 0, failed: 0, gaveUp: 0 });
    const [row] = await t.db.select().from(outbox).orderBy(desc(outbox.id)).limit(1);
    expect(row).toMatchObject({ deliveryAttempts: 3, retryAt: null });
  });

  test('an outage of two days loses nothing: tried every six hours after the first tries, sent once it is back', async () => {
    const server = flakyServer(new Date(clock.getTime() + 48 * 60 * MINUTE));
    const mail = service(server.transport);
    await mail.send({ to: 'patient@example.com', subject: 'Your receipt for order #8', text: 'Thanks.' });
    const reports = [];
    // Through the next six-hourly try after it is back: a run's tries are timed from its own clock plus the real
    // milliseconds it has taken, so a try due at the 49th hour exactly may come a few milliseconds after it.
    for (let hour = 0; hour <= 48 + 6; hour += 1) {
      clock = new Date(clock.getTime() + 60 * MINUTE);
      reports.push(await mail.retryDue(clock));
    }
    expect(reports.reduce((sum, report) => sum + report.gaveUp, 0)).toBe(0);
    expect(reports.reduce((sum, report) => sum + report.delivered, 0)).toBe(1);
    expect(server.taken).toEqual(['patient@example.com: Your receipt for order #8']);
  });

  test('gives up once it has waited as long as the outbox keeps mail, with an error in the log', async () => {
    const server = flakyServer(new Date('2099-01-01T00:00:00Z'));
    const lines: LogLine[] = [];
    const mail = createMailService({
      db: t.db,
      logger: recordingLogger(lines),
      from: 'shop@example.com',
      transport: server.transport,
      logCodes: false,
      now: () => clock,
      giveUpAfterMs: 24 * 60 * MINUTE,
    });
    await mail.send({ to: 'gone@example.com', subject: 'Your order #8 is cancelled', text: 'Sorry.' });
    const reports = [];
    for (let hour = 0; hour < 30; hour += 1) {
      clock = new Date(clock.getTime() + 60 * MINUTE);
      reports.push(await mail.retryDue(clock));
    }
    expect(reports.reduce((sum, report) => sum + report.gaveUp, 0)).toBe(1);
    expect(lines.filter((line) => line.msg === 'SMTP delivery failed on its last try')).toHaveLength(1);
    expect(server.taken).toEqual([]);
    const [row] = await t.db.select().from(outbox).orderBy(desc(outbox.id)).limit(1);
    expect(row?.retryAt).toBeNull();
    // the try before the one that would have come after a day
    expect(row?.deliveryAttempts).toBe(MAIL_RETRY_DELAYS_MS.length + 2);
  });

  test('a mail the server refuses is given up at once, one it puts off waits, and neither holds up the others', async () => {
    const refusal = Object.assign(new Error("Can't send mail - all recipients were rejected"), {
      code: 'EENVELOPE',
      responseCode: 501,
    });
    const putOff = Object.assign(new Error('Greylisted, try again later'), {
      code: 'EENVELOPE',
      responseCode: 450,
    });
    const taken: string[] = [];
    const lines: LogLine[] = [];
    const mail = service(async (message) => {
      if (message.to.startsWith('bad')) throw refusal;
      if (message.to.startsWith('grey')) throw putOff;
      taken.push(message.to);
    }, lines);
    const queued = clock;
    for (const to of ['bad@(b).cc', 'grey@example.com', 'first@example.com', 'second@example.com'])
      await t.db.transaction((tx) => mail.queue(tx, { to, subject: 'Order', text: 'Hi.' }, queued));
    expect(await mail.retryDue(clock)).toEqual({ delivered: 2, failed: 1, gaveUp: 1 });
    expect(taken).toEqual(['first@example.com', 'second@example.com']);
    expect(lines.filter((line) => line.msg === 'SMTP server refused the mail; not sent')).toHaveLength(1);
    const rows = await t.db.select().from(outbox).orderBy(desc(outbox.id)).limit(4);
    const grey = rows.find((row) => row.recipient === 'grey@example.com');
    // a minute after its try (the run's clock moves on with the run)
    const greyDelay = (grey?.retryAt?.getTime() ?? 0) - clock.getTime() - (MAIL_RETRY_DELAYS_MS[0] ?? 0);
    expect(greyDelay).toBeGreaterThanOrEqual(0);
    expect(greyDelay).toBeLessThan(10_000);
    expect(rows.find((row) => row.recipient === 'bad@(b).cc')?.retryAt).toBeNull();
    // the tests after this one start with no mail waiting
    await t.db.update(outbox).set({ retryAt: null }).where(eq(outbox.recipient, 'grey@example.com'));
  });

  test("each claim's lease runs from when it is claimed, not from the run's start", async () => {
    const leases: number[] = [];
    const mail = service(async (message) => {
      const [row] = await t.db.select().from(outbox).where(eq(outbox.recipient, message.to));
      leases.push(row?.retryAt?.getTime() ?? 0);
      // a slow server: the run's second claim comes 200 ms later
      await new Promise((resolve) => setTimeout(resolve, 200));
    });
    for (const to of ['slow-1@example.com', 'slow-2@example.com'])
      await t.db.transaction((tx) => mail.queue(tx, { to, subject: 'Order', text: 'Hi.' }, clock));
    expect(await mail.retryDue(clock)).toMatchObject({ delivered: 2 });
    expect((leases[1] ?? 0) - (leases[0] ?? 0)).toBeGreaterThanOrEqual(190);
  });

  test('the outbox pruning keeps mail still waiting for a try (a day past the others at most)', async () => {
    const old = new Date(clock.getTime() - 10 * 24 * 60 * MINUTE);
    const mail = service(async () => undefined);
    await t.db.transaction((tx) =>
      mail.queue(tx, { to: 'waiting@example.com', subject: 'W', text: 'w' }, old),
    );
    await t.db.transaction((tx) => mail.queue(tx, { to: 'sent@example.com', subject: 'S', text: 's' }, old));
    await t.db.update(outbox).set({ retryAt: null }).where(eq(outbox.recipient, 'sent@example.com'));
    const recipients = async () => (await t.db.select().from(outbox)).map((row) => row.recipient);
    await deleteMailBefore(t.db, new Date(old.getTime() + MINUTE));
    expect(await recipients()).toContain('waiting@example.com');
    expect(await recipients()).not.toContain('sent@example.com');
    await deleteMailBefore(t.db, new Date(old.getTime() + 25 * 60 * MINUTE));
    expect(await recipients()).not.toContain('waiting@example.com');
  });

  test('a run stops at its first failure: a down server costs one try per run, the rest wait their turn', async () => {
    const server = flakyServer(new Date(clock.getTime() + 10 * MINUTE));
    const mail = service(server.transport);
    await mail.send({ to: 'one@example.com', subject: 'Order #9 cancelled', text: 'Sorry.' });
    await mail.send({ to: 'two@example.com', subject: 'Order #10 cancelled', text: 'Sorry.' });
    clock = new Date(clock.getTime() + 2 * MINUTE);
    expect(await mail.retryDue(clock)).toEqual({ delivered: 0, failed: 1, gaveUp: 0 });
    expect(await mail.retryDue(clock)).toEqual({ delivered: 0, failed: 1, gaveUp: 0 });
    expect(await mail.retryDue(clock)).toEqual({ delivered: 0, failed: 0, gaveUp: 0 });
    clock = new Date(clock.getTime() + 10 * MINUTE);
    expect(await mail.retryDue(clock)).toEqual({ delivered: 2, failed: 0, gaveUp: 0 });
    expect(server.taken).toEqual([
      'one@example.com: Order #9 cancelled',
      'two@example.com: Order #10 cancelled',
    ]);
  });

  test('without SMTP there is nothing to try again', async () => {
    const mail = createMailService({
      db: t.db,
      logger: recordingLogger([]),
      from: 'x@example.com',
      logCodes: false,
    });
    await mail.send({ to: 'local@example.com', subject: 'Hi', text: 'hello' });
    expect(await mail.retryDue(new Date('2099-01-01T00:00:00Z'))).toEqual({
      delivered: 0,
      failed: 0,
      gaveUp: 0,
    });
  });
});

describe('mail queued with a change', () => {
  test('goes out shortly after its transaction, not at the job’s next run; a rolled-back one never', async () => {
    const taken: string[] = [];
    const mail = createMailService({
      db: t.db,
      logger: recordingLogger([]),
      from: 'shop@example.com',
      transport: async (message) => {
        taken.push(message.subject);
      },
      logCodes: false,
      deliverSoonMs: 20,
    });
    await t.db.transaction(async (tx) => {
      await mail.queue(tx, { to: 'a@example.com', subject: 'Receipt #1', text: 'Paid.' }, new Date());
      await mail.queue(tx, { to: 'a@example.com', subject: 'Staff: paid #1', text: 'Paid.' }, new Date());
    });
    await expect(
      t.db.transaction(async (tx) => {
        await mail.queue(tx, { to: 'b@example.com', subject: 'Never made', text: 'x' }, new Date());
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    const ours = () =>
      taken.filter((subject) => ['Receipt #1', 'Staff: paid #1', 'Never made'].includes(subject));
    const deadline = Date.now() + 5_000;
    while (ours().length < 2 && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 10));
    expect(ours().sort()).toEqual(['Receipt #1', 'Staff: paid #1']);
    await mail.close();
    // After close nothing more is started.
    await t.db.transaction(async (tx) => {
      await mail.queue(tx, { to: 'c@example.com', subject: 'After close', text: 'x' }, new Date());
    });
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(taken).not.toContain('After close');
  });

  test('without deliverSoonMs only the job delivers it', async () => {
    const taken: string[] = [];
    const mail = createMailService({
      db: t.db,
      logger: recordingLogger([]),
      from: 'shop@example.com',
      transport: async (message) => {
        taken.push(message.subject);
      },
      logCodes: false,
    });
    await t.db.transaction(async (tx) => {
      await mail.queue(tx, { to: 'd@example.com', subject: 'Waits for the job', text: 'x' }, new Date());
    });
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(taken).not.toContain('Waits for the job');
    await mail.retryDue(new Date());
    expect(taken).toContain('Waits for the job');
  });
});
