import {
  boolean,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  index,
} from 'drizzle-orm/pg-core';

export type UserRole = 'shopper' | 'staff' | 'owner';

/** Mirrors migrations/001_accounts.sql; the SQL file is what creates the tables. */
export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    /** Stored lower-cased and trimmed, so the unique index is case-insensitive. */
    email: text('email').notNull(),
    /** Null for accounts created through social login only. */
    passwordHash: text('password_hash'),
    phoneCode: text('phone_code'),
    phoneNumber: text('phone_number'),
    nationality: integer('nationality'),
    profileImage: text('profile_image'),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    googleId: text('google_id'),
    facebookId: text('facebook_id'),
    /** A new address waiting for the code mailed to it; it signs nothing in and receives no resets until then. */
    pendingEmail: text('pending_email'),
    /** migrations/008: who may use the back office */
    role: text('role').$type<UserRole>().notNull().default('shopper'),
    /** migrations/017: staff mailed of each paid order and each review waiting (the owner switches it). */
    staffNotifications: boolean('staff_notifications').notNull().default(false),
    /** migrations/022: the language the account last used (sign-in, the back office); null: not known yet. */
    language: text('language').$type<'en' | 'ar'>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('users_email_key').on(table.email)],
);

export const apiTokens = pgTable(
  'api_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** sha256 of the bearer token; the token itself is never stored. */
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    /** migrations/020: the session passed its second step (an enrolled staff member's code). */
    secondFactorAt: timestamp('second_factor_at', { withTimezone: true }),
    /** migrations/020: the last time the holder typed the password or a code (null: at sign-in, createdAt). */
    provenAt: timestamp('proven_at', { withTimezone: true }),
  },
  (table) => [uniqueIndex('api_tokens_token_hash_key').on(table.tokenHash)],
);

/** email: confirms a pending e-mail change (the code is bound to the pending address). */
export type CodePurpose = 'verify' | 'reset' | 'email';

export const verificationCodes = pgTable(
  'verification_codes',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose').$type<CodePurpose>().notNull(),
    /** HMAC-SHA256 of the 6 digits with the server secret. */
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('verification_codes_user_idx').on(table.userId, table.createdAt)],
);

export const outbox = pgTable(
  'outbox',
  {
    id: serial('id').primaryKey(),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    code: text('code'),
    /** migrations/017: the HTML part of a mail that has one (order mails); null for plain text */
    html: text('html'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** migrations/011: how often the SMTP server was asked to take it, and when to ask again (null: never). */
    deliveryAttempts: integer('delivery_attempts').notNull().default(0),
    retryAt: timestamp('retry_at', { withTimezone: true }),
  },
  (table) => [
    index('outbox_recipient_idx').on(table.recipient, table.id),
    index('outbox_created_idx').on(table.createdAt),
  ],
);

export type AuditSubject =
  'order' | 'payment' | 'review' | 'product' | 'coupon' | 'user' | 'catalogue_import';
export type AuditValues = Record<string, string | number | boolean | null>;

/** migrations/008: every staff action, who, what, when, before and after. */
export const auditLog = pgTable('audit_log', {
  id: serial('id').primaryKey(),
  actorId: integer('actor_id'),
  actorName: text('actor_name').notNull(),
  actorEmail: text('actor_email').notNull(),
  action: text('action').notNull(),
  subjectType: text('subject_type').$type<AuditSubject>().notNull(),
  subjectId: integer('subject_id').notNull(),
  orderId: integer('order_id'),
  before: jsonb('before').$type<AuditValues | null>(),
  after: jsonb('after').$type<AuditValues | null>(),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});
