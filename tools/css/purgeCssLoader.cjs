// webpack loader: keeps only the CSS rules whose class names occur in the shop's sources (and in the parts of
// react-bootstrap the shop uses, whose class names are built at run time, hence the safelist).
const { readdirSync, readFileSync } = require('node:fs');
const path = require('node:path');
const { PurgeCSS } = require('purgecss');

const root = path.resolve(__dirname, '..', '..');

const SAFELIST = {
  // Class names react-bootstrap writes (the Modal, Offcanvas, Tabs and Dropdown the shop uses), its transition
  // states, and the ones our code builds from a variable (`alert-${tone}`, `text-bg-${tone}`).
  standard: [
    'modal',
    'modal-dialog',
    'modal-content',
    'modal-header',
    'modal-title',
    'modal-body',
    'modal-footer',
    'modal-backdrop',
    'modal-dialog-centered',
    'modal-dialog-scrollable',
    'modal-static',
    'offcanvas',
    'offcanvas-start',
    'offcanvas-end',
    'offcanvas-header',
    'offcanvas-title',
    'offcanvas-body',
    'offcanvas-backdrop',
    'nav',
    'nav-tabs',
    'nav-fill',
    'nav-item',
    'nav-link',
    'tab-content',
    'tab-pane',
    'dropdown',
    'dropdown-toggle',
    'dropdown-menu',
    'dropdown-item',
    'btn',
    'btn-close',
    'fade',
    'show',
    'showing',
    'hiding',
    'collapsing',
    'active',
    'disabled',
    /^alert-(success|danger|warning|info)$/,
    /^text-bg-/,
  ],
  greedy: [/data-bs-popper/],
};
/** Bootstrap's custom properties our own code reads (`var(--bs-primary)` in a stylesheet or an inline style). */
function variablesUsedBySources() {
  const used = new Set();
  const visit = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (!`${file}${path.sep}`.includes(ADMIN_DIR)) visit(file);
      } else if (/\.(tsx?|css)$/.test(entry.name))
        for (const [name] of readFileSync(file, 'utf8').matchAll(/--bs-[a-z0-9-]+/g)) used.add(name);
    }
  };
  visit(path.join(root, 'src'));
  return [...used];
}

const ADMIN_DIR = path.join('src', 'features', 'admin') + path.sep;

function sourceFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(file);
    return /\.(tsx?|css)$/.test(entry.name) ? [file] : [];
  });
}

module.exports = function purgeCssLoader(source) {
  const callback = this.async();
  this.addContextDependency(path.join(root, 'src'));
  // The back office's class names are left out: they would grow every shopper's stylesheet. Its own stylesheet
  // (src/features/admin/admin.css, loaded with its chunk) styles what the shop's does not have.
  const content = [
    ...sourceFiles(path.join(root, 'src')).filter((file) => !file.includes(ADMIN_DIR)),
    path.join(root, 'public/index.html'),
  ];
  new PurgeCSS()
    .purge({
      content,
      css: [{ raw: source }],
      safelist: { ...SAFELIST, variables: variablesUsedBySources() },
      variables: true,
      keyframes: true,
      fontFace: true,
    })
    .then(([result]) => callback(null, result ? result.css : source))
    .catch(callback);
};
