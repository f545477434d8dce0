import { desc } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { outbox } from '../db/schema';
import { createTestApp, type TestApp } from '../testing/testApp';
import { createMailService, type MailTransport } from './mail';

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
  await expect(mail.send({ to: 'down@example.com', subject: 'Hi', text: 'hello' })).resolves.toBeUndefined();
  expect(lines.some((line) => line.level === 'error' && line.msg === 'SMTP delivery failed')).toBe(true);
  const [row] = await t.db.select().from(outbox).orderBy(desc(outbox.id)).limit(1);
  expect(row?.recipient).toBe('down@example.com');
});
