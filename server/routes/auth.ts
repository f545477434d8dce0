import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyBaseLogger } from 'fastify';
import { Accounts } from '../../contract/accounts';
import { LOGIN_PER_EMAIL_PER_MINUTE } from '../config';
import { normalizeEmail } from '../lib/accounts';
import { clientAddressKey } from '../lib/clientAddress';
import { capCodeSends, consumeCode, issueCode, normalizeCode, type CodePurpose } from '../lib/codes';
import { guarded, lockoutKey } from '../lib/guessLockout';
import { NATIONALITIES } from '../lib/nationalities';
import { authenticate, bearerTokenOf, rememberRequestLanguage } from '../plugins/auth';
import { limitPerIp, limitPerIpAndEmail } from '../plugins/security';
import {
  accountForSocial,
  AUTH_MESSAGES,
  findUserByEmail,
  issueToken,
  logIn,
  markVerified,
  registerUser,
  rememberResetAddress,
  resetPassword,
  sendAccountCode,
  signOut,
} from '../services/accounts';
import { SocialProviderUnavailableError, SocialTokenError, type SocialIdentity } from '../services/social';
import { Invalid, NotSignedIn, Unavailable } from '../services/errors';

export const MESSAGES = {
  registered: 'User registered successfully. Please check your email for the verification code.',
  emailTaken: AUTH_MESSAGES.emailTaken,
  codeSent: 'Verification code sent.',
  verified: 'Email verified successfully.',
  invalidCode: 'Invalid or expired verification code.',
  badCredentials: AUTH_MESSAGES.badCredentials,
  passwordReset: 'Password has been reset successfully.',
  loggedOut: 'Logged out successfully.',
  socialInvalid: 'The social login token is invalid or expired.',
  socialNoEmail: AUTH_MESSAGES.socialNoEmail,
  socialLinkedElsewhere: AUTH_MESSAGES.socialLinkedElsewhere,
  unavailable: 'This service is currently unavailable.',
} as const;

/** Codes: 5 requests a minute per address and e-mail, counted apart for sending and for checking. */
const SEND_CODE_LIMIT = limitPerIpAndEmail(5, 'send-code');
const VERIFY_CODE_LIMIT = limitPerIpAndEmail(5, 'verify-code');

const authRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app.deps;

  /**
   * The account of the address whose open code of these purposes is `code` (consumed), else 422. Wrong guesses lock
   * the address out for a growing time, an address no account has alike: one count per address, whichever form
   * (verify-code, reset-password) they come from.
   */
  async function accountOfRightCode(
    givenEmail: string,
    purposes: CodePurpose[],
    code: unknown,
    log: FastifyBaseLogger,
  ) {
    const email = normalizeEmail(givenEmail);
    const user = await findUserByEmail(db, email);
    const accepted = await guarded(
      db,
      lockoutKey('email-code', email),
      app.deps.config.now(),
      async () => (user ? consumeCode(app.deps, user.id, purposes, normalizeCode(code)) : false),
      log,
    );
    if (!user || !accepted) throw new Invalid({ code: [MESSAGES.invalidCode] }, MESSAGES.invalidCode);
    return user;
  }

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
      const user = await registerUser(
        db,
        {
          name: input.name.trim(),
          email: normalizeEmail(input.email),
          password: input.password,
          phoneCode: input.phone_code.trim(),
          phoneNumber: String(input.phone_number).trim(),
          nationality: Number(input.nationality),
        },
        app.deps.config.bcryptCost,
      );
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
    // One endpoint serves both dialogs: an unverified account needs verifying, a verified one is resetting; an
    // unknown address is answered the same (nothing mailed). Counted against this address's and the whole shop's
    // hourly caps first, known address or not.
    await capCodeSends(app.deps, request.ip, request.log);
    await sendAccountCode(app.deps, request.body.email);
    return { message: MESSAGES.codeSent };
  });

  app.post(
    Accounts.verifyCode.url,
    { config: VERIFY_CODE_LIMIT, schema: Accounts.verifyCode.schema },
    async (request) => {
      const input = request.body;
      const user = await accountOfRightCode(input.email, ['verify'], input.code, request.log);
      await markVerified(db, user, app.deps.config.now());
      const token = await issueToken(db, user.id, app.deps.config.now());
      await rememberRequestLanguage(db, user.id, request);
      return { message: MESSAGES.verified, token, id: user.id, email: user.email };
    },
  );

  // 10 a minute per address and e-mail (LOGIN_PER_EMAIL_PER_MINUTE) against guessing one password; 100 per address
  // against spraying many; across addresses, ten wrong passwords lock the typed address out (services/accounts.ts).
  const loginLimits = {
    config: limitPerIpAndEmail(
      app.deps.config.perIpLimits.loginPerEmail ?? LOGIN_PER_EMAIL_PER_MINUTE,
      'login',
    ),
    preValidation: limitPerIp(app, app.deps.config.perIpLimits.login, 'login-ip'),
  };
  app.post(Accounts.login.url, { ...loginLimits, schema: Accounts.login.schema }, async (request) => {
    const { user, token } = await logIn(db, request.body, {
      bcryptCost: app.deps.config.bcryptCost,
      now: app.deps.config.now(),
      log: request.log,
      address: clientAddressKey(request.ip),
    });
    await rememberRequestLanguage(db, user.id, request);
    return { token, id: user.id, email: user.email, name: user.name, role: user.role };
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
      const user = await accountForSocial(db, identity, app.deps.config.now());
      const token = await issueToken(db, user.id, app.deps.config.now());
      await rememberRequestLanguage(db, user.id, request);
      return { token, id: user.id, email: user.email, name: user.name, role: user.role };
    },
  );

  const reset = Accounts.resetPassword;
  app.post(reset.url, { config: limitPerIpAndEmail(5, 'reset'), schema: reset.schema }, async (request) => {
    const input = request.body;
    // Either kind of code proves the mailbox; an unverified account becomes verified by resetting.
    const user = await accountOfRightCode(input.email, ['reset', 'verify'], input.code, request.log);
    // Whoever knew the old password is signed out everywhere.
    await resetPassword(app.deps, user, input.password, {
      now: app.deps.config.now(),
      bcryptCost: app.deps.config.bcryptCost,
    });
    await rememberResetAddress(db, user.id, clientAddressKey(request.ip), app.deps.config.now());
    return { message: MESSAGES.passwordReset };
  });

  app.post(Accounts.logout.url, { schema: Accounts.logout.schema }, async (request) => {
    // Any live token may sign out, verified or not.
    const found = bearerTokenOf(request) ? await authenticate(app, request) : null;
    if (!found) throw new NotSignedIn();
    await signOut(db, found.tokenId);
    return { message: MESSAGES.loggedOut };
  });

  app.get(Accounts.nationalities.url, { schema: Accounts.nationalities.schema }, async (request) => {
    const lang = request.query.lang === 'ar' ? 'ar' : 'en';
    return { data: NATIONALITIES.map((n) => ({ id: n.id, code: n.code, name: n[lang] })) };
  });
};

export default authRoutes;
