import { readFileSync } from 'node:fs';
import path from 'node:path';

import { pageChunkGroups } from '../../shared/pageChunks';

describe('the chunks a page needs first', () => {
  test("a route's chunk is named after its path's first segment, `home` for `/` (what the server preloads)", () => {
    const routes = readFileSync(path.join(__dirname, '../app/routes.tsx'), 'utf8');
    // Each page's loader in the route table's order: `'/path': () => import(/* webpackChunkName: "…" */ …)`.
    const named = [...routes.matchAll(/^ {2}'([^']+)':[\s\S]*?webpackChunkName: "([^"]+)"/gm)].map(
      ([, routePath, chunk]) => [routePath, chunk],
    );
    expect(named.length).toBeGreaterThan(15);
    for (const [routePath = '', chunk] of named) {
      // The back office is never preloaded (see below).
      if (routePath === '*' || routePath === '/admin/*') continue;
      expect([routePath, pageChunkGroups(routePath.replace(':id', '7'), 'en')[1]]).toEqual([
        routePath,
        chunk,
      ]);
    }
  });

  test("the language's texts, the page's code, its own texts, and the shop texts where the cart's are shown", () => {
    expect(pageChunkGroups('/', 'ar')).toEqual(['locale-ar', 'home', 'locale-ar-home']);
    expect(pageChunkGroups('/product/12?x=1', 'en')).toEqual(['locale-en', 'product', 'locale-en-product']);
    expect(pageChunkGroups('/search', 'ar')).toEqual(['locale-ar', 'search', 'locale-ar-search']);
    expect(pageChunkGroups('/checkout', 'en')).toContain('locale-en-shop');
  });
});

describe('the back office', () => {
  it('is never preloaded: only the language texts of the not-found page a stranger gets', () => {
    expect(pageChunkGroups('/admin', 'en')).toEqual(['locale-en']);
    expect(pageChunkGroups('/admin/orders/3', 'ar')).toEqual(['locale-ar']);
  });
});
