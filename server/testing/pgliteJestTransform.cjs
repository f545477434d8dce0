// Jest runs the server tests as CommonJS without --experimental-vm-modules, where a dynamic `import()` throws
// ERR_VM_DYNAMIC_IMPORT_CALLBACK_MISSING_FLAG. PGlite's CommonJS build still loads Node built-ins
// (node:module, fs, zlib …) with `await import("…")`, so this transform rewrites exactly those literal imports to
// a require wrapped in a promise. A plain TypeScript down-levelling does not work: the same Emscripten scope
// declares `var require = createRequire(…)`, which shadows the module's require while it is still undefined.
const HELPER =
  'const __pgliteImportBuiltin = (id) => Promise.resolve().then(() => { const m = require(id); ' +
  'return Object.assign(Object.create(null), m, { default: m }); });';

module.exports = {
  process(source) {
    return { code: HELPER + source.replace(/\bimport\((?=["'])/g, '__pgliteImportBuiltin(') };
  },
};
