// The signed-in shopper's own account over HTTP; the rules live in services/profile.ts.
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Profile } from '../../contract/profile';
import { publicUser } from '../lib/accounts';
import { clientAddressKey } from '../lib/clientAddress';
import { HttpError } from '../lib/errors';
import { imagePartOf } from '../lib/imagePart';
import { UPLOAD_LIMIT } from '../lib/limits';
import { bearerTokenOf } from '../plugins/auth';
import { limitPerIpAnd, limitPerIpAndEmail } from '../plugins/security';
import { ACCOUNT_MESSAGES, changePassword } from '../services/accounts';
import { sha256Hex } from '../lib/tokens';
import { Invalid, TOO_MANY_ATTEMPTS } from '../services/errors';
import {
  cancelEmailChange,
  confirmEmailChange,
  currentUser,
  deleteAccount,
  PROFILE_MESSAGES,
  replaceProfilePicture,
  resendEmailChangeCode,
  updateProfile,
} from '../services/profile';

export { PROFILE_MESSAGES } from '../services/profile';

/** Profile picture uploads an hour per account and per client address. */
export const PICTURES_PER_ACCOUNT = 10;
export const PICTURES_PER_ADDRESS = 30;
const PICTURE_WINDOW_MS = 60 * 60 * 1000;

/** Keyed by client address and session: the body of these calls names no e-mail. */
function limitPerIpAndSession(max: number, group: string) {
  return limitPerIpAnd(max, group, (request) => sha256Hex(bearerTokenOf(request) ?? ''));
}

const profileRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db, config } = app.deps;
  // requireUser runs first, so request.user is set in every handler below.
  const auth = { preValidation: app.requireUser };
  const userIdOf = (user: { id: number } | null) => (user as { id: number }).id;

  /**
   * Profile pictures per account and per client address (issue 47, finding 12): each upload is decoded and written
   * to disk, so a script must not be able to keep the server busy or fill the disk. Counted in the shared store, so
   * the limits hold across server processes; a new session does not reset the account's.
   */
  const countPictureUpload = async (request: FastifyRequest, reply: FastifyReply) => {
    for (const key of [
      `profile-picture|user|${userIdOf(request.user)}`,
      `profile-picture|address|${clientAddressKey(request.ip)}`,
    ]) {
      const max = key.includes('|user|') ? PICTURES_PER_ACCOUNT : PICTURES_PER_ADDRESS;
      const hit = await app.deps.limits.hit(key, PICTURE_WINDOW_MS);
      if (hit.count > max) {
        reply.header('retry-after', String(Math.max(1, Math.ceil(hit.ttlMs / 1000))));
        throw new HttpError(429, TOO_MANY_ATTEMPTS);
      }
    }
  };

  await app.register(multipart, {
    limits: { fileSize: UPLOAD_LIMIT, files: 1, fields: 5, fieldSize: 1024, parts: 6 },
  });

  app.get(Profile.me.url, { ...auth, schema: Profile.me.schema }, async (request) => ({
    user: publicUser(await currentUser(db, userIdOf(request.user))),
  }));

  app.put(Profile.update.url, { ...auth, schema: Profile.update.schema }, async (request) => {
    const holder = { id: userIdOf(request.user), provenAt: request.user?.provenAt };
    const { user, emailPending } = await updateProfile(app.deps, holder, request.body);
    const message = emailPending ? PROFILE_MESSAGES.updatedConfirmEmail : PROFILE_MESSAGES.updated;
    return { message, user: publicUser(user) };
  });

  // Each code dies after five wrong tries and new ones are limited; this caps the guessing rate per session too.
  app.post(
    Profile.confirmEmail.url,
    { ...auth, config: limitPerIpAndSession(5, 'email-confirm'), schema: Profile.confirmEmail.schema },
    async (request) => {
      const user = await confirmEmailChange(app.deps, userIdOf(request.user), request.body.code);
      return { message: PROFILE_MESSAGES.emailConfirmed, user: publicUser(user) };
    },
  );

  app.post(
    Profile.resendEmailCode.url,
    { ...auth, schema: Profile.resendEmailCode.schema },
    async (request) => {
      const user = await resendEmailChangeCode(app.deps, userIdOf(request.user));
      return { message: PROFILE_MESSAGES.emailCodeSent, user: publicUser(user) };
    },
  );

  app.delete(
    Profile.cancelEmailChange.url,
    { ...auth, schema: Profile.cancelEmailChange.schema },
    async (request) => {
      const user = await cancelEmailChange(app.deps, userIdOf(request.user));
      return { message: PROFILE_MESSAGES.emailChangeCancelled, user: publicUser(user) };
    },
  );

  app.post(
    Profile.picture.url,
    { ...auth, bodyLimit: UPLOAD_LIMIT + 64 * 1024, schema: Profile.picture.schema },
    async (request, reply) => {
      await countPictureUpload(request, reply);
      if (!request.isMultipart()) throw new Invalid({ image: [PROFILE_MESSAGES.imageRequired] });
      // No readable image part: replaceProfilePicture answers that the image is required.
      const bytes = await imagePartOf(request, PROFILE_MESSAGES.imageTooLarge);
      const user = await replaceProfilePicture(app.deps, userIdOf(request.user), bytes);
      return { message: PROFILE_MESSAGES.pictureUpdated, user: publicUser(user) };
    },
  );

  app.post(
    Profile.changePassword.url,
    { ...auth, config: limitPerIpAndEmail(10, 'password-change'), schema: Profile.changePassword.schema },
    async (request) => {
      await changePassword(db, {
        userId: userIdOf(request.user),
        keepTokenId: request.user?.tokenId,
        currentPassword: request.body.current_password,
        newPassword: request.body.password,
        now: config.now(),
        bcryptCost: config.bcryptCost,
        provenAt: request.user?.provenAt,
      });
      return { message: ACCOUNT_MESSAGES.passwordChanged };
    },
  );

  app.delete(Profile.remove.url, { ...auth, schema: Profile.remove.schema }, async (request) => {
    await deleteAccount(app.deps, userIdOf(request.user));
    return { message: PROFILE_MESSAGES.deleted };
  });
};

export default profileRoutes;
