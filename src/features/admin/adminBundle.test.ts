// The back office's code and texts reach a browser only through its lazy route: nothing the shop's start imports
// (statically, so into its first JavaScript) leads into src/features/admin or the admin texts. The browser journey
// (e2e/admin.spec.ts) checks the built scripts a shopper's home page fetches too.
import fs from 'node:fs';
import path from 'node:path';

const SRC = path.resolve(__dirname, '../..');
const ADMIN = path.join(SRC, 'features', 'admin');

function resolve(from: string, specifier: string): string | null {
  if (!specifier.startsWith('.')) return null;
  const base = path.resolve(path.dirname(from), specifier);
  for (const candidate of [
    base,
    `${base}.ts`,
    `${base}.tsx`,
    path.join(base, 'index.ts'),
    path.join(base, 'index.tsx'),
  ])
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
  return null;
}

/** Static imports and re-exports that carry code (`import type` and `import()` are left out). */
function staticImports(file: string): string[] {
  if (!/\.tsx?$/.test(file)) return [];
  const source = fs.readFileSync(file, 'utf8');
  const found: string[] = [];
  const pattern = /^\s*(import|export)\s+(?!type\b)([^;]*?\s+from\s+)?['"]([^'"]+)['"]/gm;
  for (const match of source.matchAll(pattern)) {
    if (match[1] === 'export' && !match[2]) continue;
    const target = resolve(file, match[3] as string);
    if (target) found.push(target);
  }
  return found;
}

function reachable(entry: string): Set<string> {
  const seen = new Set<string>();
  const queue = [entry];
  while (queue.length > 0) {
    const file = queue.pop() as string;
    if (seen.has(file)) continue;
    seen.add(file);
    queue.push(...staticImports(file));
  }
  return seen;
}

describe('the shopper’s JavaScript', () => {
  // The entry and what it imports (app/boot.tsx) are every page's first JavaScript.
  const app = reachable(path.join(SRC, 'main.tsx'));

  it('is what the start and every page share, and it reaches the route table', () => {
    expect(app.has(path.join(SRC, 'app', 'routes.tsx'))).toBe(true);
    expect(app.has(path.join(SRC, 'shell', 'NavBar.tsx'))).toBe(true);
  });

  it('holds no module of the back office and none of its texts', () => {
    const leaks = [...app].filter((file) => file.startsWith(ADMIN) || /admin\.json$/.test(file));
    expect(leaks).toEqual([]);
  });

  it('the route table loads the back office lazily, and nothing else in the shop imports it', () => {
    const importers: string[] = [];
    const visit = (dir: string) => {
      for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
        const file = path.join(dir, entry.name);
        if (entry.isDirectory()) {
          if (file !== ADMIN) visit(file);
        } else if (/\.tsx?$/.test(entry.name) && fs.readFileSync(file, 'utf8').includes('features/admin')) {
          importers.push(path.relative(SRC, file));
        }
      }
    };
    visit(SRC);
    expect(importers.sort()).toEqual(['app/routes.tsx']);
    expect(fs.readFileSync(path.join(SRC, 'app', 'routes.tsx'), 'utf8')).toMatch(
      /import\(\/\* webpackChunkName: "admin" \*\/ '\.\.\/features\/admin\/AdminArea'\)/,
    );
  });
});
