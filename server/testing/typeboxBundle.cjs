// Jest's global setup for the server's tests: TypeBox ships as about 700 ES module files, which jest reads, wraps and
// runs one by one in every test file that loads the contract (0.4 s of each server test file). One CommonJS bundle of
// them (made once per TypeBox version, with esbuild) is one file to load. All its entry points are in the one bundle,
// so they share TypeBox's registries (formats, settings) as the package's own modules do; jest.config.ts maps each
// `typebox` import to it.
const { existsSync, mkdirSync, readFileSync, writeFileSync, renameSync } = require('node:fs');
const path = require('node:path');
const { buildSync } = require('esbuild');

const ROOT = path.resolve(__dirname, '../..');
/** Where the bundle goes (jest.config.ts maps `typebox` and `typebox/<entry>` here). */
const BUNDLE_DIR = path.join(ROOT, 'node_modules/.cache/typebox-jest');
/** TypeBox's entry points besides the root (its package.json `exports`). */
const ENTRIES = ['compile', 'error', 'format', 'guard', 'schema', 'system', 'type', 'value'];

module.exports = async function bundleTypebox() {
  const { version } = JSON.parse(readFileSync(path.join(ROOT, 'node_modules/typebox/package.json'), 'utf8'));
  const stamp = path.join(BUNDLE_DIR, 'version');
  if (existsSync(stamp) && readFileSync(stamp, 'utf8') === version) return;
  mkdirSync(BUNDLE_DIR, { recursive: true });
  const entry = path.join(BUNDLE_DIR, 'entry.mjs');
  writeFileSync(
    entry,
    [
      `export * as root from 'typebox';`,
      ...ENTRIES.map((name) => `export * as ${name} from 'typebox/${name}';`),
    ].join('\n'),
  );
  buildSync({
    entryPoints: [entry],
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    outfile: path.join(BUNDLE_DIR, 'all.cjs'),
    absWorkingDir: ROOT,
    logLevel: 'error',
  });
  for (const name of ['root', ...ENTRIES]) {
    writeFileSync(
      path.join(BUNDLE_DIR, `${name}.cjs`),
      `const entry = require('./all.cjs').${name};\nObject.defineProperty(entry, '__esModule', { value: true });\nmodule.exports = entry;\n`,
    );
  }
  // Written last, through a rename: a run stopped half-way leaves no stamp, and the next one bundles again.
  writeFileSync(`${stamp}.tmp`, version);
  renameSync(`${stamp}.tmp`, stamp);
};
