// Uploads no one refers to are removed by a background job (issue 47, finding 12): a profile picture replaced while
// its removal failed, a product picture staff uploaded and never saved a product with. Only after a grace period: a
// picture uploaded a moment ago may be on its way into a product form, so it is left for a day.
import { readdir, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import { PRODUCT_PICTURE_WIDTHS } from '../../shared/productPictures';
import type { Db } from '../db/client';
import { referencedUploads } from '../db/queries/uploads';

/** An upload younger than this is never removed: its form may still be filled in. */
export const UPLOAD_GRACE_MS = 24 * 60 * 60 * 1000;
/** The job looks at most this often: reading the folders is not free with many pictures. */
export const UPLOAD_SWEEP_INTERVAL_MS = 60 * 60 * 1000;

// Only the names the shop's own uploads write (server/app.ts UPLOADED_PICTURE): nothing else in the folder is touched.
const UPLOADED_NAMES: Record<string, RegExp> = {
  profile: /^\d+-[0-9a-f]{16}\.(?:png|jpg|webp)$/,
  products: /^[0-9a-f]{16}\.webp$/,
};

async function namesIn(dir: string): Promise<string[]> {
  try {
    return await readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

/** Removes the shop's uploads older than the grace period that no row refers to; answers how many went. */
export async function removeUnreferencedUploads(
  db: Db,
  dataDir: string,
  now: Date,
  graceMs = UPLOAD_GRACE_MS,
): Promise<{ removed: number }> {
  let removed = 0;
  for (const [folder, pattern] of Object.entries(UPLOADED_NAMES)) {
    const dir = path.join(dataDir, 'uploads', folder);
    const old: string[] = [];
    for (const name of await namesIn(dir)) {
      if (!pattern.test(name)) continue;
      const info = await stat(path.join(dir, name)).catch(() => null);
      if (info?.isFile() && info.mtime.getTime() <= now.getTime() - graceMs) old.push(name);
    }
    if (old.length === 0) continue;
    const referenced = await referencedUploads(
      db,
      old.map((name) => `/uploads/${folder}/${name}`),
    );
    for (const name of old) {
      if (referenced.has(`/uploads/${folder}/${name}`)) continue;
      await unlink(path.join(dir, name)).catch(() => undefined);
      // A product picture's narrower copies go with it (shared/productPictures).
      if (folder === 'products')
        for (const width of PRODUCT_PICTURE_WIDTHS)
          await unlink(path.join(dir, String(width), name)).catch(() => undefined);
      removed += 1;
    }
  }
  return { removed };
}

/** The background job: a sweep at most every UPLOAD_SWEEP_INTERVAL_MS. */
export function uploadCleanupJob(db: Db, dataDir: string) {
  let lastSweep = 0;
  return {
    name: 'remove-unreferenced-uploads',
    run: async (now: Date) => {
      if (now.getTime() - lastSweep < UPLOAD_SWEEP_INTERVAL_MS) return { removed: 0 };
      lastSweep = now.getTime();
      return removeUnreferencedUploads(db, dataDir, now);
    },
  };
}
