// Writes the demo shop's pictures to server/assets: `npx tsx server/db/seed/generateMedia.ts`.
// The output is deterministic; media.test.ts fails when the committed files drift from it.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { MEDIA_DIR } from '../../lib/mediaDir';
import { buildMediaFiles } from './media';

const files = buildMediaFiles();
for (const [relative, content] of files) {
  const target = path.join(MEDIA_DIR, relative);
  mkdirSync(path.dirname(target), { recursive: true });
  writeFileSync(target, content);
}
console.log(`wrote ${files.size} files to ${MEDIA_DIR}`);
