import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Accounts } from '../../contract/accounts';
import { apiTokens, users } from '../db/schema';
import { findUserByEmail, issueToken, normalizeEmail, revokeAllTokens, type UserRow } from '../lib/accounts';
import { consumeCode, issueCode, normalizeCode } from '../lib/codes';
import { EMAIL_NOT_VERIFIED } from '../lib/errors';
import { NATIONALITIES } from '../lib/nationalities';
import { burnPasswordCheck, hashPassword, verifyPassword } from '../lib/passwords';
import { authenticate, bearerTokenOf } from '../plugins/auth';
import { limitPerIp, limitPerIpAndEmail } from '../plugins/security';
import { SocialProviderUnavailableError, SocialTokenError, type SocialIdentity } from '../services/social';
import { Forbidden, Invalid, NotFound, NotSignedIn, Unavailable } from '../services/errors';

export const MESSAGES = {
  registered: 'User registered successfully. Please check your email for the verification code.',
  emailTaken: 'The email has already been taken.',
  codeSent: 'Verification code sent.',
  noUser: 'No user found, please register first',
  verified: 'Email verified successfully.',
  invalidCode: 'Invalid or expired verification code.',
  badCredentials: 'These credentials do not match our records.',
  passwordReset: 'Password has been reset successfully.',
  loggedOut: 'Logged out successfully.',
  socialInvalid: 'The social login token is invalid or expired.',
  socialNoEmail: 'Your social account did not share an email address.',
  socialLinkedElsewhere: 'This email is already linked to another social account.',
  unavailable: 'This service is currently unavailable.',
} as const;

/** Codes: 5 requests a minute per address and e-mail, counted apart for sending and for checking. */
const SEND_CODE_LIMIT = limitPerIpAndEmail(5, 'send-code');
const VERIFY_CODE_LIMIT = limitPerIpAndEmail(5, 'verify-code');

function isUniqueViolation(error: unknown): boolean {
  const cause = (error as { cause?: { code?: unknown } } | null)?.cause;
  return (error as { code?: unknown } | null)?.code === '23505' || cause?.code === '23505';
}

async function markVerified(app: FastifyInstance, user: UserRow): Promise<void> {
  if (user.emailVerifiedAt) return;
  await app.deps.db
    .update(users)
    .set({ emailVerifiedAt: app.deps.config.now(), updatedAt: app.deps.config.now() })
    .where(eq(users.id, user.id));
}

/** Finds the account for a verified social identity, linking by e-mail or creating it (already verified). */
async function accountForSocial(app: FastifyInstance, identity: SocialIdentity): Promise<UserRow> {
  const { db, config } = app.deps;
  const idColumn = identity.provider === 'google' ? users.googleId : users.facebookId;
  const [linked] = await db.select().from(users).where(eq(idColumn, identity.subject)).limit(1);
  if (linked) {
    await markVerified(app, linked);
    return linked;
  }
  if (!identity.email) throw new Invalid({ token: [MESSAGES.socialNoEmail] }, MESSAGES.socialNoEmail);
  const emailAddress = normalizeEmail(identity.email);
  const link =
    identity.provider === 'google' ? { googleId: identity.subject } : { facebookId: identity.subject };
  const existing = await findUserByEmail(db, emailAddress);
  if (existing) {
    const current = identity.provider === 'google' ? existing.googleId : existing.facebookId;
    if (current && current !== identity.subject) {
      throw new Invalid({ token: [MESSAGES.socialLinkedElsewhere] }, MESSAGES.socialLinkedElsewhere);
    }
    // Nobody proved the mailbox of an unverified account, so whoever registered it may be a stranger: the
    // password they chose and the tokens they hold must not become a verified account's keys.
    const unproven = existing.emailVerifiedAt === null;
    const updated = await db.transaction(async (tx) => {
      if (unproven) await tx.delete(apiTokens).where(eq(apiTokens.userId, existing.id));
      const [row] = await tx
        .update(users)
        .set({
          ...link,
          ...(unproven ? { passwordHash: null } : {}),
          emailVerifiedAt: existing.emailVerifiedAt ?? config.now(),
          updatedAt: config.now(),
        })
        .where(eq(users.id, existing.id))
        .returning();
      return row;
    });
    return updated ?? existing;
  }
  const [created] = await db
    .insert(users)
    .values({
      name: identity.name?.trim() || emailAddress.split('@')[0] || emailAddress,
      email: emailAddress,
      emailVerifiedAt: config.now(),
      ...link,
    })
    .returning();
  if (!created) throw new Error('user insert returned nothing');
  return created;
}

const authRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app.deps;

  // Registering mails a code and costs a bcrypt hash: 5 a minute per address and e-mail, 30 per address.
  const registerLimits = {
    config: limitPerIpAndEmail(5, 'register'),
    preValidation: limitPerIp(app, app.deps.config.perIpLimits.register, 'register-ip'),
  };
  app.post(
    Accounts.register.url,
    { ...registerLimits, schema: Accounts.register.schema },
    async (request, reply) => {
      const input = request.body;
      const emailAddress = normalizeEmail(input.email);
      if (await findUserByEmail(db, emailAddress)) throw new Invalid({ email: [MESSAGES.emailTaken] });

      const { config } = app.deps;
      let user: UserRow | undefined;
      try {
        [user] = await db
          .insert(users)
          .values({
            name: input.name.trim(),
            email: emailAddress,
            passwordHash: await hashPassword(input.password, config.bcryptCost),
            phoneCode: input.phone_code.trim(),
            phoneNumber: String(input.phone_number).trim(),
            nationality: Number(input.nationality),
          })
          .returning();
      } catch (error) {
        // Two registrations racing for one address: the unique index decides.
        if (isUniqueViolation(error)) throw new Invalid({ email: [MESSAGES.emailTaken] });
        throw error;
      }
      if (!user) throw new Error('user insert returned nothing');
      await issueCode(app.deps, user, 'verify', { limitResends: false });
      const token = await issueToken(db, user.id, app.deps.config.now());
      return reply.status(201).send({
        message: MESSAGES.registered,
        token,
        user: { id: user.id, email: user.email, name: user.name },
      });
    },
  );

  const sendCode = Accounts.sendVerificationCode;
  app.post(sendCode.url, { config: SEND_CODE_LIMIT, schema: sendCode.schema }, async (request) => {
    const input = request.body;
    const user = await findUserByEmail(db, normalizeEmail(input.email));
    if (!user) throw new NotFound(MESSAGES.noUser);
    // One endpoint serves both dialogs: an unverified account needs verifying, a verified one is resetting.
    await issueCode(app.deps, user, user.emailVerifiedAt ? 'reset' : 'verify', { limitResends: true });
    return { message: MESSAGES.codeSent };
  });

  app.post(
    Accounts.verifyCode.url,
    { config: VERIFY_CODE_LIMIT, schema: Accounts.verifyCode.schema },
    async (request) => {
      const input = request.body;
      const user = await findUserByEmail(db, normalizeEmail(input.email));
      const accepted = user
        ? await consumeCode(app.deps, user.id, ['verify'], normalizeCode(input.code))
        : false;
      if (!user || !accepted) throw new Invalid({ code: [MESSAGES.invalidCode] }, MESSAGES.invalidCode);
      await markVerified(app, user);
      const token = await issueToken(db, user.id, app.deps.config.now());
      return { message: MESSAGES.verified, token, id: user.id, email: user.email };
    },
  );

  // 10 a minute per address and e-mail against guessing one password; 100 per address against spraying many.
  const loginLimits = {
    config: limitPerIpAndEmail(10, 'login'),
    preValidation: limitPerIp(app, app.deps.config.perIpLimits.login, 'login-ip'),
  };
  app.post(Accounts.login.url, { ...loginLimits, schema: Accounts.login.schema }, async (request) => {
    const input = request.body;
    const user = await findUserByEmail(db, normalizeEmail(input.email));
    const password = input.password;
    if (!user?.passwordHash) {
      await burnPasswordCheck(password, app.deps.config.bcryptCost);
      throw new Invalid({ email: [MESSAGES.badCredentials] }, MESSAGES.badCredentials);
    }
    if (!(await verifyPassword(password, user.passwordHash))) {
      throw new Invalid({ email: [MESSAGES.badCredentials] }, MESSAGES.badCredentials);
    }
    // Only after the password matched, so the 403 does not tell strangers which addresses are unverified.
    if (!user.emailVerifiedAt) throw new Forbidden(EMAIL_NOT_VERIFIED);
    const token = await issueToken(db, user.id, app.deps.config.now());
    return { token, id: user.id, email: user.email, name: user.name };
  });

  // Provider tokens cannot be guessed; this only caps the calls to Google and Facebook per address.
  const social = Accounts.socialLogin;
  app.post(
    social.url,
    { config: limitPerIpAndEmail(30, 'social'), schema: social.schema },
    async (request) => {
      const input = request.body;
      let identity: SocialIdentity;
      try {
        identity = await app.deps.social.verify(input.provider, input.token);
      } catch (error) {
        if (error instanceof SocialTokenError) {
          request.log.info({ reason: error.message }, 'social token rejected');
          throw new Invalid({ token: [MESSAGES.socialInvalid] }, MESSAGES.socialInvalid);
        }
        if (!(error instanceof SocialProviderUnavailableError))
          request.log.error({ err: error }, 'social provider failed');
        throw new Unavailable(MESSAGES.unavailable);
      }
      const user = await accountForSocial(app, identity);
      const token = await issueToken(db, user.id, app.deps.config.now());
      return { token, id: user.id, email: user.email, name: user.name };
    },
  );

  const reset = Accounts.resetPassword;
  app.post(reset.url, { config: limitPerIpAndEmail(5, 'reset'), schema: reset.schema }, async (request) => {
    const input = request.body;
    const user = await findUserByEmail(db, normalizeEmail(input.email));
    // Either kind of code proves the mailbox; an unverified account becomes verified by resetting.
    const accepted = user
      ? await consumeCode(app.deps, user.id, ['reset', 'verify'], normalizeCode(input.code))
      : false;
    if (!user || !accepted) throw new Invalid({ code: [MESSAGES.invalidCode] }, MESSAGES.invalidCode);
    const { config } = app.deps;
    await db
      .update(users)
      .set({
        passwordHash: await hashPassword(input.password, config.bcryptCost),
        emailVerifiedAt: user.emailVerifiedAt ?? config.now(),
        updatedAt: config.now(),
      })
      .where(eq(users.id, user.id));
    // Whoever knew the old password is signed out everywhere.
    await revokeAllTokens(db, user.id);
    return { message: MESSAGES.passwordReset };
  });

  app.post(Accounts.logout.url, { schema: Accounts.logout.schema }, async (request) => {
    // Any live token may sign out, verified or not.
    const found = bearerTokenOf(request) ? await authenticate(app, request) : null;
    if (!found) throw new NotSignedIn();
    await db.delete(apiTokens).where(eq(apiTokens.id, found.tokenId));
    return { message: MESSAGES.loggedOut };
  });

  app.get(Accounts.nationalities.url, { schema: Accounts.nationalities.schema }, async (request) => {
    const lang = request.query.lang === 'ar' ? 'ar' : 'en';
    return { data: NATIONALITIES.map((n) => ({ id: n.id, code: n.code, name: n[lang] })) };
  });
};

export default authRoutes;
