import { randomBytes } from 'node:crypto';
import { mkdir, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import multipart from '@fastify/multipart';
import { and, eq, ne } from 'drizzle-orm';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Profile } from '../../contract/profile';
import { users } from '../db/schema';
import { normalizeEmail, publicUser, type UserRow } from '../lib/accounts';
import { issueCode } from '../lib/codes';
import { HttpError, notFound, validationError } from '../lib/errors';
import { UPLOAD_LIMIT } from '../lib/limits';

export const PROFILE_MESSAGES = {
  updated: 'Profile updated successfully.',
  updatedVerifyEmail: 'Profile updated successfully. Please check your new email for the verification code.',
  pictureUpdated: 'Profile picture updated successfully.',
  deleted: 'Account deleted successfully.',
  emailTaken: 'The email has already been taken.',
  imageRequired: 'The image field is required.',
  imageType: 'The image field must be a file of type: png, jpeg, webp.',
  imageTooLarge: 'The image field must not be greater than 5120 kilobytes.',
} as const;

type ImageKind = 'png' | 'jpg' | 'webp';

/** Trust the bytes, not the declared type: a renamed HTML file must never be served from /uploads. */
export function sniffImage(bytes: Buffer): ImageKind | null {
  if (
    bytes.length >= 8 &&
    bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
  ) {
    return 'png';
  }
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpg';
  if (
    bytes.length >= 12 &&
    bytes.subarray(0, 4).toString('latin1') === 'RIFF' &&
    bytes.subarray(8, 12).toString('latin1') === 'WEBP'
  ) {
    return 'webp';
  }
  return null;
}

const PROFILE_DIR = 'profile';

const profileRoutes: FastifyPluginAsyncTypebox = async (app) => {
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

  app.get(Profile.me.url, { preValidation: app.requireUser, schema: Profile.me.schema }, async (request) => {
    // requireUser guarantees request.user.
    const user = await currentUser(request.user?.id ?? 0);
    return { user: publicUser(user) };
  });

  const update = Profile.update;
  app.put(update.url, { preValidation: app.requireUser, schema: update.schema }, async (request) => {
    const input = request.body;
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
      name: input.name.trim(),
      email: emailAddress,
      updatedAt: config.now(),
    };
    // A new address is unproven until its code comes back; otherwise anybody could claim a stranger's mailbox
    // and later be linked to the stranger's social sign-in.
    if (emailChanged) changes.emailVerifiedAt = null;
    // Blank optional fields leave the stored value alone.
    const phoneNumber = String(input.phone_number ?? '').trim();
    if (phoneNumber) changes.phoneNumber = phoneNumber;
    const phoneCode = input.phone_code?.trim();
    if (phoneCode) changes.phoneCode = phoneCode;
    const nationality = String(input.nationality ?? '').trim();
    if (nationality) changes.nationality = Number(nationality);
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
    Profile.picture.url,
    { preValidation: app.requireUser, bodyLimit: UPLOAD_LIMIT + 64 * 1024, schema: Profile.picture.schema },
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
      const kind = sniffImage(bytes);
      if (!kind) throw validationError({ image: [PROFILE_MESSAGES.imageType] });

      const user = await currentUser(request.user?.id ?? 0);
      await mkdir(uploadsDir, { recursive: true });
      const fileName = `${user.id}-${randomBytes(8).toString('hex')}.${kind}`;
      await writeFile(path.join(uploadsDir, fileName), bytes);
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

  app.delete(
    Profile.remove.url,
    { preValidation: app.requireUser, schema: Profile.remove.schema },
    async (request) => {
      const user = await currentUser(request.user?.id ?? 0);
      // Tokens and codes go with the row (ON DELETE CASCADE); orders keep their history without the user.
      await db.delete(users).where(eq(users.id, user.id));
      await removeUpload(user.profileImage);
      return { message: PROFILE_MESSAGES.deleted };
    },
  );

  async function removeUpload(publicPath: string | null): Promise<void> {
    const prefix = `/uploads/${PROFILE_DIR}/`;
    if (!publicPath?.startsWith(prefix)) return;
    const name = path.basename(publicPath);
    await unlink(path.join(uploadsDir, name)).catch(() => undefined);
  }
};

export default profileRoutes;
