// Steps of `npm run build:server` around tsc: `clean` empties build/, `assets` copies what the compiled server
// reads from beside its own files (the SQL migrations, the generated pictures, their WebP copies).
const { cpSync, rmSync } = require('node:fs');
const path = require('node:path');

const { rasterizeMedia } = require('./rasterizeMedia.cjs');

const root = path.join(__dirname, '..');
const build = path.join(root, 'build');

if (process.argv[2] === 'clean') {
  rmSync(build, { recursive: true, force: true });
} else if (process.argv[2] === 'assets') {
  for (const dir of ['server/assets', 'server/db/migrations']) {
    cpSync(path.join(root, dir), path.join(build, dir), { recursive: true });
  }
  // The folders the compiled server negotiates: one list, in server/routes/content.ts.
  const { RASTER_FOLDERS } = require(path.join(build, 'server/routes/content.js'));
  rasterizeMedia(path.join(build, 'server/assets'), RASTER_FOLDERS).catch((error) => {
    console.error(error);
    process.exitCode = 1;
  });
} else {
  throw new Error('usage: node scripts/server-build.cjs clean|assets');
}
