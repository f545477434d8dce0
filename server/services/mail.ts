import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Db } from '../db/client';
import { outboxRows, type OutboxRow } from '../db/queries/outbox';
import { outbox } from '../db/schema';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** The one-time code the message carries, kept apart so the dev mailbox and tests can read it. */
  code?: string;
}

export interface MailService {
  send(message: MailMessage): Promise<void>;
}

/** Delivers to an SMTP server; absent when SMTP_URL is not set. */
export type MailTransport = (message: MailMessage & { from: string }) => Promise<void>;

export function smtpTransport(smtpUrl: string): MailTransport {
  const transporter = nodemailer.createTransport(smtpUrl);
  return async ({ from, to, subject, text }) => {
    await transporter.sendMail({ from, to, subject, text });
  };
}

export interface MailServiceOptions {
  db: Db;
  logger: FastifyBaseLogger;
  from: string;
  transport?: MailTransport;
  /** Codes appear in the log only outside production. */
  logCodes: boolean;
  /** The app's clock: the outbox is pruned by age on that clock (tests move it). */
  now?: () => Date;
}

/**
 * Every message lands in the outbox table first (the record the dev mailbox reads), then in the log, then goes
 * out over SMTP when configured. An SMTP failure is logged, not thrown: the user can ask for a new code, and a
 * registration must not fail half-way because a mail server is down.
 */
export function createMailService({
  db,
  logger,
  from,
  transport,
  logCodes,
  now = () => new Date(),
}: MailServiceOptions): MailService {
  return {
    async send(message) {
      await db.insert(outbox).values({
        recipient: message.to.toLowerCase(),
        subject: message.subject,
        body: message.text,
        code: message.code ?? null,
        createdAt: now(),
      });
      logger.info(
        {
          mail: {
            to: message.to,
            subject: message.subject,
            ...(logCodes && message.code ? { code: message.code } : {}),
          },
        },
        'mail queued',
      );
      if (!transport) return;
      try {
        await transport({ ...message, from });
      } catch (error) {
        logger.error(
          { err: error, mail: { to: message.to, subject: message.subject } },
          'SMTP delivery failed',
        );
      }
    },
  };
}

/** What the shop sent, newest first: to one address, or to anyone. Read by the dev mailbox only. */
export function mailbox(db: Db, limit: number, recipient?: string): Promise<OutboxRow[]> {
  return outboxRows(db, limit, recipient);
}
