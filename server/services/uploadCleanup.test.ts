// Uploads no one refers to are removed after a grace period (issue 47, finding 12).
import { existsSync, mkdirSync, mkdtempSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { users } from '../db/schema';
import { createShopper } from '../routes/testSupport';
import { createTestApp, type TestApp } from '../testing/testApp';
import { removeUnreferencedUploads, UPLOAD_GRACE_MS, uploadCleanupJob } from './uploadCleanup';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const now = new Date('2026-06-01T12:00:00Z');

function file(dataDir: string, relative: string, ageMs: number): string {
  const full = path.join(dataDir, 'uploads', relative);
  mkdirSync(path.dirname(full), { recursive: true });
  writeFileSync(full, 'x');
  const at = new Date(now.getTime() - ageMs);
  utimesSync(full, at, at);
  return full;
}

test('old unreferenced uploads go; referenced ones, recent ones and other files stay', async () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'uploads-'));
  const day = UPLOAD_GRACE_MS;
  const shopper = await createShopper(t.db);
  const kept = '/uploads/profile/12-00112233445566aa.png';
  await t.db.update(users).set({ profileImage: kept }).where(eq(users.id, shopper.id));

  const referenced = file(dataDir, 'profile/12-00112233445566aa.png', 3 * day);
  const orphan = file(dataDir, 'profile/12-ffeeddccbbaa9988.jpg', 3 * day);
  const orphanProduct = file(dataDir, 'products/0011223344556677.webp', 2 * day);
  // Its narrower copies (shared/productPictures) go with it, whatever their age.
  const orphanCopies = ['200', '400', '800'].map((width) =>
    file(dataDir, `products/${width}/0011223344556677.webp`, 0),
  );
  // Uploaded an hour ago: its product form may still be open.
  const inProgress = file(dataDir, 'products/8899aabbccddeeff.webp', 60 * 60 * 1000);
  const notOurs = file(dataDir, 'products/readme.txt', 3 * day);

  expect(await removeUnreferencedUploads(t.db, dataDir, now)).toEqual({ removed: 2 });
  expect([referenced, orphan, orphanProduct, inProgress, notOurs].map((f) => existsSync(f))).toEqual([
    true,
    false,
    false,
    true,
    true,
  ]);
  expect(orphanCopies.filter((copy) => existsSync(copy))).toEqual([]);
  // The one in progress goes once the grace period is over and it is still no one's.
  const later = new Date(now.getTime() + day);
  expect(await removeUnreferencedUploads(t.db, dataDir, later)).toEqual({ removed: 1 });
  expect(existsSync(inProgress)).toBe(false);
  expect(existsSync(referenced)).toBe(true);
});

test('the background job sweeps at most once an hour', async () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'uploads-'));
  const job = uploadCleanupJob(t.db, dataDir);
  const orphan = () => file(dataDir, 'products/1111111111111111.webp', 2 * UPLOAD_GRACE_MS);
  orphan();
  expect(await job.run(now)).toEqual({ removed: 1 });
  orphan();
  expect(await job.run(new Date(now.getTime() + 60_000))).toEqual({ removed: 0 });
  expect(await job.run(new Date(now.getTime() + 61 * 60_000))).toEqual({ removed: 1 });
});
