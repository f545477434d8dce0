// The sitemaps' streams: a read that fails half-way ends the answer with the error, not a connection held open.
import type { Db } from '../db/client';
import { productsSitemap } from './sitemaps';

/** A database that answers the extent and a first page of 1 000 products, then fails. */
function failingAfterOnePage(): Db {
  let calls = 0;
  return {
    select: () => {
      calls += 1;
      if (calls === 1) return { from: () => Promise.resolve([{ maxId: 3_000, newest: null }]) };
      const page =
        calls === 2
          ? Array.from({ length: 1_000 }, (_, index) => ({ id: index + 1, changedAt: new Date(0) }))
          : null;
      const chain = {
        from: () => chain,
        where: () => chain,
        orderBy: () => chain,
        limit: () => (page ? Promise.resolve(page) : Promise.reject(new Error('the database went away'))),
      };
      return chain;
    },
  } as unknown as Db;
}

test('a products sitemap whose database fails half-way ends with the error', async () => {
  const sitemap = await productsSitemap(failingAfterOnePage(), 'https://shop.example', 'en', 1);
  if (!sitemap) throw new Error('there is a first sitemap');
  const read = async () => {
    let text = '';
    for await (const chunk of sitemap) text += String(chunk);
    return text;
  };
  await expect(read()).rejects.toThrow('the database went away');
}, 10_000);
