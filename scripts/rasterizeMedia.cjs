// Writes a WebP copy beside each generated SVG picture of the folders the server negotiates (`RASTER_FOLDERS` of
// server/routes/content.ts, passed in by server-build.cjs from the compiled server): a browser decodes a WebP
// picture off its main thread, where each SVG picture is a document of its own laid out on it. Run by
// `npm run build:server` on build/server/assets; without sharp (a platform it has no build for) the pictures simply
// stay SVG.
const { readdirSync, readFileSync } = require('node:fs');
const path = require('node:path');

/** Lossy at this quality keeps flat colours and edges clean at about 3 KB a picture. */
const WEBP = { quality: 80, effort: 4 };
/**
 * Pixels per SVG unit, by folder (1 where not named). A home banner spans a phone's whole width at two to three device
 * pixels per CSS pixel, so its copy is drawn at twice its SVG size; cards show the others smaller than theirs.
 */
const SCALE = { sliders: 2 };

async function rasterizeMedia(assetsDir, folders) {
  let sharp;
  try {
    sharp = require('sharp');
  } catch (error) {
    console.warn(`Pictures stay SVG only (sharp is not available: ${error.message})`);
    return 0;
  }
  const jobs = folders.flatMap((folder) => {
    const dir = path.join(assetsDir, folder);
    return readdirSync(dir)
      .filter((name) => name.endsWith('.svg'))
      .map((name) => ({
        from: path.join(dir, name),
        to: path.join(dir, name.replace(/\.svg$/, '.webp')),
        density: 72 * (SCALE[folder] ?? 1),
      }));
  });
  await Promise.all(
    jobs.map(({ from, to, density }) => sharp(readFileSync(from), { density }).webp(WEBP).toFile(to)),
  );
  return jobs.length;
}

module.exports = { rasterizeMedia };
