import type { preValidationAsyncHookHandler } from 'fastify';
import type { Config } from './config';
import type { CatalogueChanges } from './lib/catalogueChanges';
import type { Db } from './db/client';
import type { JobRunner } from './lib/jobs';
import type { SharedCounter } from './lib/rateLimitStore';
import type { MailService } from './services/mail';
import type { PaymentGateway } from './services/payments';
import type { SocialVerifier } from './services/social';

export interface AuthUser {
  id: number;
  email: string;
  name: string;
  /** The bearer token the request came with (a password change keeps this session and ends the others). */
  tokenId?: number;
  /** Set by requireStaff / requireOwner (the back office). */
  role?: 'shopper' | 'staff' | 'owner';
  /**
   * Set by requireUser, requireStaff and requireOwner: when the holder last typed the password or a code (the
   * session's sign-in, or a re-authentication).
   */
  provenAt?: Date;
  /** Set by requireStaff / requireOwner / requireStaffAccount: this session passed its second step. */
  secondStepPassed?: boolean;
}

export interface AppDeps {
  db: Db;
  config: Config;
  mail: MailService;
  gateway: PaymentGateway;
  social: SocialVerifier;
  /** Rate-limit counters shared by every server process (database, or Redis with REDIS_URL). */
  limits: SharedCounter;
  /** The catalogue changed, here (at once) or anywhere (within its bound): kept answers go (lib/catalogueChanges). */
  catalogue: CatalogueChanges;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
    /** Order expiry, payment reconciliation, counter cleanup; `jobs.tick()` runs them once (tests do). */
    jobs: JobRunner;
    /** preValidation (before the body is validated, so a stranger gets 401, not 422): a valid bearer token of a verified account, else 401 (403 when not verified). */
    requireUser: preValidationAsyncHookHandler;
    /** preValidation: sets request.user when a valid verified token is sent, otherwise leaves it null. */
    optionalUser: preValidationAsyncHookHandler;
    /** preValidation: a staff member's or the owner's token, else 401 (signed out) or 403 (`not_staff`). */
    requireStaff: preValidationAsyncHookHandler;
    /** preValidation: the owner's token, else 401 or 403 (`not_owner`). */
    requireOwner: preValidationAsyncHookHandler;
    /** preValidation: a staff member's or the owner's token, second step passed or not (setting it up, passing it). */
    requireStaffAccount: preValidationAsyncHookHandler;
  }
  interface FastifyRequest {
    user: AuthUser | null;
  }
}
