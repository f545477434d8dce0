import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Db } from '../db/client';
import {
  claimMailToRetry,
  insertMail,
  outboxRows,
  queueMailRow,
  recordDeliveryTry,
  type OutboxRow,
} from '../db/queries/outbox';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** The HTML part, when the message has one (the order mails); the text part is always there. */
  html?: string;
  /** The one-time code the message carries, kept apart so the dev mailbox and tests can read it. */
  code?: string;
}

/** Who signs the shop's mails, and where their links lead (config). */
export interface MailShop {
  name: { en: string; ar: string };
  /** The shop's public origin, without a trailing slash */
  publicUrl: string;
  /** The address a shopper writes to with a question (CONTACT_EMAIL); none: replies to the mail itself */
  contactEmail?: string;
}

export interface MailService {
  send(message: MailMessage): Promise<void>;
  /**
   * Queues a message inside the caller's transaction (an order's state change and its mail commit together, or
   * neither does); the retry job delivers it, so an SMTP outage never holds up or fails the change.
   */
  queue(tx: Db, message: Omit<MailMessage, 'code'>, now: Date): Promise<void>;
  shop: MailShop;
  /** The background job's half: mail the SMTP server did not take, tried again when its pause is over. */
  retryDue(now: Date): Promise<MailRetryReport>;
  /** No delivery is started any more; answers once the one under way (deliverSoonMs) has ended. */
  close(): Promise<void>;
}

export interface MailRetryReport {
  delivered: number;
  /** failed again, another try is scheduled */
  failed: number;
  /** refused by the SMTP server, or failing still when it is kept no longer: logged as an error, not sent */
  gaveUp: number;
}

const MINUTE_MS = 60 * 1000;
/**
 * The pause before each further try after a failed one; after the last, every six hours again, until the mail has
 * waited as long as the outbox keeps mail (giveUpAfterMs): an outage of a day or two loses nothing.
 */
export const MAIL_RETRY_DELAYS_MS = [1, 5, 15, 60, 180, 360].map((minutes) => minutes * MINUTE_MS);
/** How soon a queued mail goes out (MailServiceOptions.deliverSoonMs) on a server that runs the background jobs. */
export const MAIL_DELIVER_SOON_MS = 1000;
/** A claimed message is left to its process this long: well above one SMTP conversation's timeouts. */
const MAIL_RETRY_LEASE_MS = 5 * MINUTE_MS;
/**
 * A run sends what is due for this long at most (then the jobs after it run, and the next run goes on): at a
 * healthy server's pace, a hundred or more mails a run, so a sale's receipts do not queue for hours.
 */
export const MAIL_RETRY_RUN_MS = 20_000;
const MAIL_RETRY_RUN_MAX = 1_000;
/** The outbox's default retention (config OUTBOX_RETENTION_DAYS). */
const DEFAULT_GIVE_UP_AFTER_MS = 7 * 24 * 60 * MINUTE_MS;

const delayAfter = (attempts: number) =>
  MAIL_RETRY_DELAYS_MS[Math.min(attempts, MAIL_RETRY_DELAYS_MS.length) - 1] ?? MINUTE_MS;

/**
 * How a failed delivery bears on the message (nodemailer's error codes): the server refused this message for good
 * (a 5xx answer to its sender, recipient or content: the same answer comes every time), put it off (a 4xx answer to
 * it: greylisting, a full mailbox), or was not there to ask (no connection, a timeout, its sign-in refused), when
 * every message waits for it.
 */
export function deliveryFailure(error: unknown): 'refused' | 'deferred' | 'unreachable' {
  const { code, responseCode } = (error ?? {}) as { code?: unknown; responseCode?: unknown };
  if (code !== 'EENVELOPE' && code !== 'EMESSAGE') return 'unreachable';
  return typeof responseCode === 'number' && responseCode >= 500 && responseCode < 600
    ? 'refused'
    : 'deferred';
}

/** Delivers to an SMTP server; absent when SMTP_URL is not set. */
export type MailTransport = (message: MailMessage & { from: string }) => Promise<void>;

export function smtpTransport(smtpUrl: string): MailTransport {
  // Short timeouts: a request that mails (a registration's code) must not hang for nodemailer's default minutes on
  // an unreachable server; what fails is tried again by the retry job.
  const transporter = nodemailer.createTransport({
    url: smtpUrl,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
  return async ({ from, to, subject, text, html }) => {
    await transporter.sendMail({ from, to, subject, text, ...(html ? { html } : {}) });
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
  shop?: MailShop;
  /** a mail failing still after this long is given up (the outbox's retention: config outboxRetentionMs) */
  giveUpAfterMs?: number;
  /**
   * A queued mail is delivered this long after it was queued (its transaction has committed by then; one that had
   * not is the job's next run's), not at the job's next run, up to a minute later: a receipt or a cancellation
   * reaches the shopper while they still look at the page. Unset: only the job delivers (tests drive it by hand).
   */
  deliverSoonMs?: number;
}

const DEFAULT_SHOP: MailShop = {
  name: { en: 'Gulf Store', ar: 'متجر الخليج' },
  publicUrl: 'http://localhost:8080',
};

/**
 * Every message lands in the outbox table first (the record the dev mailbox reads), then in the log, then goes
 * out over SMTP when configured. An SMTP failure is logged, not thrown: a registration must not fail half-way
 * because a mail server is down. A message without a code is tried again later (`retryDue`: a shopper told that
 * the shop cancelled an order must hear it); one with a code is not: its reader asks for a new code.
 */
export function createMailService({
  db,
  logger,
  from,
  transport,
  logCodes,
  now = () => new Date(),
  shop = DEFAULT_SHOP,
  giveUpAfterMs = DEFAULT_GIVE_UP_AFTER_MS,
  deliverSoonMs,
}: MailServiceOptions): MailService {
  let soon: ReturnType<typeof setTimeout> | null = null;
  let delivering: Promise<unknown> | null = null;
  let closed = false;
  /** One delivery run shortly after mail was queued: several queued meanwhile go in the same run. */
  const deliverSoon = () => {
    if (closed || soon !== null || deliverSoonMs === undefined || !transport) return;
    soon = setTimeout(() => {
      soon = null;
      if (closed) return;
      // A run already under way takes what is due by its next claim; the job's runs are safe beside it (leases).
      delivering ??= service
        .retryDue(now())
        .catch((error: unknown) =>
          logger.error({ err: error }, 'queued mail not delivered; the job tries again'),
        )
        .finally(() => {
          delivering = null;
        });
    }, deliverSoonMs);
    // A pending delivery must not keep the process alive on its own.
    soon.unref?.();
  };

  const service: MailService = {
    shop,

    async queue(tx, message, at) {
      await queueMailRow(tx, {
        recipient: message.to.toLowerCase(),
        subject: message.subject,
        body: message.text,
        html: message.html ?? null,
        createdAt: at,
        // Without an SMTP server the outbox is the mailbox (development): nothing waits to be tried.
        retryAt: transport ? at : null,
      });
      deliverSoon();
    },

    async close() {
      closed = true;
      if (soon !== null) clearTimeout(soon);
      soon = null;
      await delivering;
    },

    async send(message) {
      const queuedId = await insertMail(db, {
        recipient: message.to.toLowerCase(),
        subject: message.subject,
        body: message.text,
        html: message.html ?? null,
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
      if (!transport || queuedId === undefined) return;
      let failure: unknown = null;
      try {
        await transport({ ...message, from });
      } catch (error) {
        failure = error ?? new Error('SMTP delivery failed');
      }
      const retryAt =
        failure === null || message.code || deliveryFailure(failure) === 'refused'
          ? null
          : new Date(now().getTime() + delayAfter(1));
      // Recorded apart from the delivery: a database hiccup after the SMTP server took it never sends it again.
      await recordDeliveryTry(db, queuedId, 1, retryAt).catch((error: unknown) => {
        logger.error({ err: error, mail: { to: message.to } }, 'mail delivery try not recorded');
      });
      if (failure !== null) {
        logger.error(
          { err: failure, mail: { to: message.to, subject: message.subject }, retryAt },
          retryAt ? 'SMTP delivery failed; tried again later' : 'SMTP delivery failed',
        );
      }
    },

    async retryDue(at) {
      const report: MailRetryReport = { delivered: 0, failed: 0, gaveUp: 0 };
      if (!transport) return report;
      // One message claimed at a time, each under its own lease from the moment it is claimed (the run's clock moved
      // on by the time it has taken), so a slow SMTP server never leaves a claimed message to outlive its lease
      // (another process would send it again). A message the server refuses or puts off does not stop the run (one
      // bad address must not hold up everyone's mail); a server that cannot be reached does: it is likely down.
      const started = Date.now();
      for (let tried = 0; tried < MAIL_RETRY_RUN_MAX; tried += 1) {
        const elapsed = Date.now() - started;
        if (elapsed > MAIL_RETRY_RUN_MS) break;
        const claimedAt = new Date(at.getTime() + elapsed);
        const [mail] = await claimMailToRetry(db, claimedAt, MAIL_RETRY_LEASE_MS, 1);
        if (!mail) break;
        const attempts = mail.deliveryAttempts + 1;
        const about = { to: mail.recipient, subject: mail.subject, attempts };
        let failure: unknown = null;
        try {
          await transport({
            from,
            to: mail.recipient,
            subject: mail.subject,
            text: mail.body,
            ...(mail.html ? { html: mail.html } : {}),
          });
        } catch (error) {
          failure = error ?? new Error('SMTP delivery failed');
        }
        const kind = failure === null ? null : deliveryFailure(failure);
        const next = new Date(claimedAt.getTime() + delayAfter(attempts));
        const retryAt =
          kind === null || kind === 'refused' || next.getTime() - mail.createdAt.getTime() > giveUpAfterMs
            ? null
            : next;
        await recordDeliveryTry(db, mail.id, attempts, retryAt, mail.claimedUntil);
        if (failure === null) {
          report.delivered += 1;
          logger.info({ mail: about }, attempts === 1 ? 'mail delivered' : 'mail delivered on a later try');
          continue;
        }
        if (retryAt) report.failed += 1;
        else report.gaveUp += 1;
        logger.error(
          { err: failure, mail: about, retryAt },
          kind === 'refused'
            ? 'SMTP server refused the mail; not sent'
            : retryAt
              ? 'SMTP delivery failed again; tried again later'
              : 'SMTP delivery failed on its last try',
        );
        if (kind === 'unreachable') break;
      }
      return report;
    },
  };
  return service;
}

/** What the shop sent, newest first: to one address, or to anyone. Read by the dev mailbox only. */
export function mailbox(db: Db, limit: number, recipient?: string): Promise<OutboxRow[]> {
  return outboxRows(db, limit, recipient);
}
