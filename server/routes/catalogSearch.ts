// The paged catalogue (issue 48): search with facets, suggestions, categories a page at a time, related products and
// the home lists. Answers are kept a few seconds per address and dropped when the catalogue changes.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CatalogPages, NO_SUCH_SEARCH_PAGE } from '../../contract/catalogSearch';
import { EncodedResponse, PER_REQUEST_ORDER, sendEncoded } from '../lib/encodedResponse';
import { ResponseMemory } from '../lib/responseMemory';
import { serializedAnswer } from '../plugins/responseCheck';
import { langOf } from '../lib/language';
import { requestedRate } from '../services/rates';
import {
  categoriesOnPage,
  homeLists,
  relatedProducts,
  searchCatalog,
  suggestProducts,
  type GroupMemory,
  type Kept,
  type Memory,
} from '../services/catalogSearch';

/** As long as the spec's list answers are reused (routes/catalog.ts). */
const ANSWER_MS = 10_000;
const MAX_ANSWERS = 2_000;
/** Typed texts' words, a words search's matches and the rows of products shown: a minute at most. */
const KEPT_MS = 60_000;
/**
 * The whole catalogue's match groups: the catalogue's version is what keeps them right (they go when it moves), so
 * they outlive a quiet minute; at 100 000 products they take ~0.3 s to count again, which the first shopper of a
 * quiet shop's search page paid after every idle minute. The hour only gives back the memory of a language nobody
 * searches in.
 */
const GROUPS_MS = 60 * 60_000;
/** Typed texts, close words and suggestions kept (each a few hundred bytes). */
const KEPT_WORDS = 1_000;
/**
 * Words searches' matches kept: at services' KEPT_MATCHES_MAX matches and about 80 bytes each, some 40 MB at the very
 * most; most words match far fewer.
 */
const KEPT_MATCHES = 48;
/** Products kept for search pages (a row is a few KB with its descriptions): some 15 MB at most. */
const KEPT_PRODUCTS = 5_000;

const catalogSearchRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app.deps;
  const now = () => app.deps.config.now().getTime();
  const memory = new ResponseMemory<unknown>(ANSWER_MS, MAX_ANSWERS, now);
  // The whole catalogue's match groups (the facets of every search without words or price limit) and their split by
  // price band (a price limit without words), per language, and the categories' order (the category facet's names):
  // kept until the catalogue changes (stock aside), on this instance or another, or an hour at most.
  const groups = new ResponseMemory<Kept>(GROUPS_MS, 5, now);
  const groupMemory: GroupMemory = {
    get: <T extends Kept>(key: string, compute: () => Promise<T>) => groups.get(key, compute) as Promise<T>,
  };
  // The words of typed texts, the close words of mistyped ones, the suggestions of words and a words search's
  // matches (services' SearchMemory): kept until the catalogue changes, stock and sales included (their orders read
  // sales), or a minute at most.
  const words = new ResponseMemory<unknown>(KEPT_MS, KEPT_WORDS, now);
  const matches = new ResponseMemory<unknown>(KEPT_MS, KEPT_MATCHES, now);
  // The rows of the products search pages show (their stock too): kept alike.
  const products = new ResponseMemory<unknown>(KEPT_MS, KEPT_PRODUCTS, now);
  const memoryOf = (kept: ResponseMemory<unknown>): Memory => ({
    get: <T>(key: string, compute: () => Promise<T>) => kept.get(key, compute) as Promise<T>,
  });
  const wordMemory = memoryOf(words);
  const searchMemory = {
    groups: groupMemory,
    words: wordMemory,
    matches: memoryOf(matches),
    products: memoryOf(products),
  };
  app.deps.catalogue.onChange(() => {
    words.clear();
    matches.clear();
    products.clear();
  });
  app.deps.catalogue.onChange(() => memory.clear());
  // Another writer's change (an instance, a merchant's SQL) reaches what is kept here within the bound even when a
  // shop is asked nothing but searches: these routes read the catalogue's version themselves (once per bound).
  app.addHook('onRequest', async () => {
    await app.deps.catalogue.fresh();
  });
  // The groups hold no stock and no sales: an order taking stock leaves them be (migration 023).
  app.deps.catalogue.onChange(() => groups.clear(), { ignoresStock: true });

  const checkAnswers = app.deps.config.env !== 'production';
  /**
   * The request's address (path and query) names the answer, with the language and currency it asks for. Kept
   * serialized too: the next request for the address (a shopper's, a crawler's) is sent as it is, compressed once.
   */
  const remembered = <T>(
    request: FastifyRequest,
    reply: FastifyReply,
    compute: () => Promise<T>,
  ): Promise<{ answer: T; serialized: EncodedResponse }> =>
    memory.get(request.url, async () => {
      const answer = await compute();
      return {
        answer,
        // Every answer of these routes is compressed as it is made (and kept seconds): gzip, as small as brotli at
        // a request's level for 1–30 KB of JSON and about half its work.
        serialized: new EncodedResponse(
          serializedAnswer(request, reply, answer, checkAnswers),
          PER_REQUEST_ORDER,
        ),
      };
    }) as Promise<{ answer: T; serialized: EncodedResponse }>;
  const sent = async <T>(request: FastifyRequest, reply: FastifyReply, compute: () => Promise<T>) =>
    sendEncoded(request, reply, (await remembered(request, reply, compute)).serialized);

  app.get(CatalogPages.search.url, { schema: CatalogPages.search.schema }, async (request, reply) => {
    const lang = langOf(request);
    const rate = await requestedRate(db, request.query.currency_code);
    const { answer, serialized } = await remembered(request, reply, () =>
      searchCatalog(db, request.query, lang, rate, searchMemory),
    );
    // A page past the last (a narrower filter left fewer, a made-up link): not a page to show or index as if it
    // were asked for. The last page comes with the 404, so the client can offer it.
    if (Number(request.query.page ?? 1) > answer.page_count) {
      return reply.status(404).send({
        ...answer,
        message: `There is no page ${Number(request.query.page)} of these results: the last is ${answer.page_count}.`,
        code: NO_SUCH_SEARCH_PAGE,
      });
    }
    return sendEncoded(request, reply, serialized);
  });

  app.get(
    CatalogPages.suggestions.url,
    { schema: CatalogPages.suggestions.schema },
    async (request, reply) => {
      const lang = langOf(request);
      const rate = await requestedRate(db, request.query.currency_code);
      return sent(request, reply, () => suggestProducts(db, request.query.q, lang, rate, wordMemory));
    },
  );

  app.get(CatalogPages.categories.url, { schema: CatalogPages.categories.schema }, async (request, reply) => {
    const lang = langOf(request);
    return sent(request, reply, () => categoriesOnPage(db, request.query.page, request.query.per_page, lang));
  });

  app.get(CatalogPages.related.url, { schema: CatalogPages.related.schema }, async (request, reply) => {
    const lang = langOf(request);
    const rate = await requestedRate(db, request.query.currency_code);
    return sent(request, reply, () => relatedProducts(db, request.params.id, lang, rate));
  });

  app.get(CatalogPages.home.url, { schema: CatalogPages.home.schema }, async (request, reply) => {
    const lang = langOf(request);
    const rate = await requestedRate(db, request.query.currency_code);
    return sent(request, reply, () => homeLists(db, lang, rate));
  });
};

export default catalogSearchRoutes;
