import { randomBytes } from 'node:crypto';
import { mkdir, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import multipart from '@fastify/multipart';
import { and, eq, ne } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { users } from '../db/schema';
import { publicUser, type UserRow } from '../lib/accounts';
import { issueCode } from '../lib/codes';
import { HttpError, notFound, validationError } from '../lib/errors';
import { UPLOAD_LIMIT } from '../lib/limits';
import { NATIONALITY_MAX } from '../lib/nationalities';
import { strongPassword } from '../lib/passwords';
import { limitPerIpAndEmail } from '../plugins/security';
import { ACCOUNT_MESSAGES, changePassword } from '../services/accounts';
import { PICTURE_MESSAGES, preparePicture } from '../services/pictures';
import {
  digitsBetween,
  digitsOf,
  email,
  integerBetween,
  integerOf,
  isString,
  matches,
  maxLength,
  normalizeEmail,
  required,
  sameAs,
  validate,
} from '../lib/validation';

export const PROFILE_MESSAGES = {
  updated: 'Profile updated successfully.',
  updatedVerifyEmail: 'Profile updated successfully. Please check your new email for the verification code.',
  pictureUpdated: 'Profile picture updated successfully.',
  deleted: 'Account deleted successfully.',
  emailTaken: 'The email has already been taken.',
  imageRequired: 'The image field is required.',
  imageType: PICTURE_MESSAGES.type,
  imageTooLarge: 'The image field must not be greater than 5120 kilobytes.',
} as const;

const PROFILE_DIR = 'profile';

const profileRoutes: FastifyPluginAsync = async (app) => {
  const { db, config } = app.deps;
  const uploadsDir = path.join(config.dataDir, 'uploads', PROFILE_DIR);

  await app.register(multipart, {
    limits: { fileSize: UPLOAD_LIMIT, files: 1, fields: 5, fieldSize: 1024, parts: 6 },
  });

  async function currentUser(id: number): Promise<UserRow> {
    const [user] = await db.select().from(users).where(eq(users.id, id)).limit(1);
    if (!user) throw notFound('User not found.');
    return user;
  }

  app.get('/users', { preHandler: app.requireUser }, async (request) => {
    // requireUser guarantees request.user.
    const user = await currentUser(request.user?.id ?? 0);
    return { user: publicUser(user) };
  });

  app.put('/profile_update', { preHandler: app.requireUser }, async (request) => {
    const input = validate(request.body, {
      name: [required, isString, maxLength(255)],
      email: [required, isString, email, maxLength(255)],
      phone_number: [digitsBetween(7, 15)],
      phone_code: [isString, matches(/^\+?\d{1,4}$/)],
      nationality: [integerBetween(1, NATIONALITY_MAX)],
    });
    const userId = request.user?.id ?? 0;
    const emailAddress = normalizeEmail(input.email);
    const [taken] = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.email, emailAddress), ne(users.id, userId)))
      .limit(1);
    if (taken) throw validationError({ email: [PROFILE_MESSAGES.emailTaken] });

    const current = await currentUser(userId);
    const emailChanged = current.email !== emailAddress;
    const changes: Partial<typeof users.$inferInsert> = {
      name: String(input.name).trim(),
      email: emailAddress,
      updatedAt: config.now(),
    };
    // A new address is unproven until its code comes back; otherwise anybody could claim a stranger's mailbox
    // and later be linked to the stranger's social sign-in.
    if (emailChanged) changes.emailVerifiedAt = null;
    if (input.phone_number !== undefined && input.phone_number !== null && input.phone_number !== '') {
      changes.phoneNumber = digitsOf(input.phone_number);
    }
    if (typeof input.phone_code === 'string' && input.phone_code.trim())
      changes.phoneCode = input.phone_code.trim();
    if (input.nationality !== undefined && input.nationality !== null && input.nationality !== '') {
      changes.nationality = integerOf(input.nationality);
    }
    let updated: UserRow | undefined;
    try {
      updated = (await db.update(users).set(changes).where(eq(users.id, userId)).returning())[0];
    } catch (error) {
      if (
        (error as { code?: unknown }).code === '23505' ||
        (error as { cause?: { code?: unknown } }).cause?.code === '23505'
      ) {
        throw validationError({ email: [PROFILE_MESSAGES.emailTaken] });
      }
      throw error;
    }
    if (!updated) throw notFound('User not found.');
    if (!emailChanged) return { message: PROFILE_MESSAGES.updated, user: publicUser(updated) };
    await issueCode(app.deps, updated, 'verify', { limitResends: false });
    return { message: PROFILE_MESSAGES.updatedVerifyEmail, user: publicUser(updated) };
  });

  app.post(
    '/profile_update/picture',
    { preHandler: app.requireUser, bodyLimit: UPLOAD_LIMIT + 64 * 1024 },
    async (request) => {
      if (!request.isMultipart()) throw validationError({ image: [PROFILE_MESSAGES.imageRequired] });
      let bytes: Buffer | null = null;
      try {
        for await (const part of request.parts()) {
          if (part.type === 'file') {
            if (part.fieldname !== 'image' || bytes) {
              part.file.resume();
              continue;
            }
            try {
              bytes = await part.toBuffer();
            } catch (error) {
              if ((error as { code?: unknown }).code === 'FST_REQ_FILE_TOO_LARGE') {
                throw new HttpError(413, PROFILE_MESSAGES.imageTooLarge, {
                  image: [PROFILE_MESSAGES.imageTooLarge],
                });
              }
              throw error;
            }
          }
        }
      } catch (error) {
        // Size limits keep their 413; anything else is a body the parser could not read (no boundary, cut
        // off mid-part), which for the form means no picture arrived.
        if (error instanceof HttpError || (error as { statusCode?: unknown }).statusCode === 413) throw error;
        request.log.info({ err: error }, 'unreadable multipart body');
        throw validationError({ image: [PROFILE_MESSAGES.imageRequired] });
      }
      if (!bytes || bytes.length === 0) throw validationError({ image: [PROFILE_MESSAGES.imageRequired] });
      const picture = await preparePicture(bytes);

      const user = await currentUser(request.user?.id ?? 0);
      await mkdir(uploadsDir, { recursive: true });
      const fileName = `${user.id}-${randomBytes(8).toString('hex')}.${picture.extension}`;
      await writeFile(path.join(uploadsDir, fileName), picture.data);
      const [updated] = await db
        .update(users)
        .set({ profileImage: `/uploads/${PROFILE_DIR}/${fileName}`, updatedAt: config.now() })
        .where(eq(users.id, user.id))
        .returning();
      await removeUpload(user.profileImage);
      if (!updated) throw notFound('User not found.');
      return { message: PROFILE_MESSAGES.pictureUpdated, user: publicUser(updated) };
    },
  );

  // Not in the spec's call table (its profile area has a password page but no call for it).
  app.post(
    '/password/change',
    { preHandler: app.requireUser, config: limitPerIpAndEmail(10, 'password-change') },
    async (request) => {
      const input = validate(request.body, {
        current_password: [isString, maxLength(255)],
        password: [required, strongPassword],
        password_confirmation: [required, sameAs('password')],
      });
      await changePassword(db, {
        userId: request.user?.id ?? 0,
        keepTokenId: request.user?.tokenId,
        currentPassword: typeof input.current_password === 'string' ? input.current_password : undefined,
        newPassword: String(input.password),
        now: config.now(),
        bcryptCost: config.bcryptCost,
      });
      return { message: ACCOUNT_MESSAGES.passwordChanged };
    },
  );

  app.delete('/profile_delete', { preHandler: app.requireUser }, async (request) => {
    const user = await currentUser(request.user?.id ?? 0);
    // Tokens and codes go with the row (ON DELETE CASCADE); orders keep their history without the user.
    await db.delete(users).where(eq(users.id, user.id));
    await removeUpload(user.profileImage);
    return { message: PROFILE_MESSAGES.deleted };
  });

  async function removeUpload(publicPath: string | null): Promise<void> {
    const prefix = `/uploads/${PROFILE_DIR}/`;
    if (!publicPath?.startsWith(prefix)) return;
    const name = path.basename(publicPath);
    await unlink(path.join(uploadsDir, name)).catch(() => undefined);
  }
};

export default profileRoutes;
