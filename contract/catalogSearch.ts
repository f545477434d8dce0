// The paged catalogue (issue 48): search with filters, facets and paging, typing suggestions, the categories a page
// at a time, a product's related lists and the home page's bounded lists. Extensions of the spec's calls: those
// (`/categories` with every product, `/best_selling_products`) keep answering as the spec says.
import { Type, type Static } from 'typebox';
import { SEARCH_TEXT_MAX } from '../shared/pageAddress';
import { ResponseObject, endpoints, IdText } from './common';
import { CatalogQuery, Product } from './catalog';

/** The longest search text taken (a longer one is 422): a product's name is never longer. */
export { SEARCH_TEXT_MAX };
/** The spec's search page size; a client may ask for up to SEARCH_PAGE_MAX. */
export const SEARCH_PAGE_SIZE = 12;
export const SEARCH_PAGE_MAX = 48;
/** The spec's categories page size. */
export const CATEGORIES_PAGE_SIZE = 20;
export const SUGGESTIONS_MAX = 6;

export const SEARCH_SORTS = [
  'relevance',
  'newest',
  'price_asc',
  'price_desc',
  'rating',
  'best_selling',
] as const;
export type SearchSort = (typeof SEARCH_SORTS)[number];

/**
 * A comma list of names (brands, collections), as the /search address carries it: a comma or backslash inside a name
 * has a backslash before it ("Smith\\, Jones"; shared/pageAddress commaList).
 */
const NameList = Type.String({
  maxLength: 2000,
  description: 'comma-separated names; a comma or backslash inside a name is escaped by a backslash',
});
const PositiveText = Type.String({ maxLength: 12, pattern: '^\\s*\\d{1,9}(\\.\\d{1,3})?\\s*$' });

export const SearchQuery = Type.Object({
  ...CatalogQuery.properties,
  q: Type.Optional(Type.String({ maxLength: SEARCH_TEXT_MAX })),
  /** the category's name in either language, or its id */
  category: Type.Optional(Type.String({ maxLength: 200 })),
  brands: Type.Optional(NameList),
  /** collection names in the request's language */
  collections: Type.Optional(NameList),
  /** in price_currency, else in the answer's currency (currency_code; KWD without) */
  min_price: Type.Optional(PositiveText),
  max_price: Type.Optional(PositiveText),
  /** the currency min_price and max_price are written in (a link shared from another currency); one the shop does not show: the answer's */
  price_currency: Type.Optional(Type.String({ maxLength: 3, pattern: '^[A-Za-z]{3}$' })),
  min_rating: Type.Optional(Type.String({ maxLength: 2, pattern: '^[0-5]$' })),
  sort: Type.Optional(Type.Unsafe<SearchSort>({ type: 'string', enum: [...SEARCH_SORTS] })),
  page: Type.Optional(Type.String({ maxLength: 6, pattern: '^\\s*\\d{1,6}\\s*$' })),
  per_page: Type.Optional(Type.String({ maxLength: 3, pattern: '^\\s*\\d{1,3}\\s*$' })),
});
export type SearchQuery = Static<typeof SearchQuery>;

/** A product as lists show it: its page brings the description and the gallery. */
const {
  description: _description,
  image_url: _gallery,
  product_images: _images,
  ...listedProperties
} = Product.properties;
export const ListedProduct = ResponseObject(listedProperties);
export type ListedProduct = Static<typeof ListedProduct>;

export const FacetValue = ResponseObject({ value: Type.String(), count: Type.Integer() });
export type FacetValue = Static<typeof FacetValue>;
export const CategoryFacet = ResponseObject({
  id: Type.Integer(),
  name: Type.String(),
  count: Type.Integer(),
});
export type CategoryFacet = Static<typeof CategoryFacet>;
export const RatingFacet = ResponseObject({ min_rating: Type.Integer(), count: Type.Integer() });
export type RatingFacet = Static<typeof RatingFacet>;

/**
 * How many products each choice leaves, the other chosen filters applied (a brand's count ignores the chosen
 * brands, so choosing a second brand widens the result as its count says).
 */
export const SearchFacets = ResponseObject({
  categories: Type.Array(CategoryFacet),
  brands: Type.Array(FacetValue),
  collections: Type.Array(FacetValue),
  ratings: Type.Array(RatingFacet),
  /** the lowest and highest price a shopper pays among the matches, in the answer's currency; null when none */
  price: ResponseObject({
    min: Type.Union([Type.Number(), Type.Null()]),
    max: Type.Union([Type.Number(), Type.Null()]),
  }),
});
export type SearchFacets = Static<typeof SearchFacets>;

export const SearchResponse = ResponseObject({
  data: Type.Array(ListedProduct),
  total: Type.Integer(),
  /** the page answered (a page past the end: 404 with the last one, NoSuchSearchPage) */
  page: Type.Integer(),
  per_page: Type.Integer(),
  page_count: Type.Integer(),
  sort: Type.Unsafe<SearchSort>({ type: 'string', enum: [...SEARCH_SORTS] }),
  /**
   * the category the search is narrowed to, as the server read `category` (its id, or its name in either language),
   * named in the answer's language; null when the query names none or one the shop does not have
   */
  category: Type.Union([ResponseObject({ id: Type.Integer(), name: Type.String() }), Type.Null()]),
  /**
   * the collections the search is narrowed to, as the server read `collections` (a name in either language), named
   * in the answer's language (a link shared by a shopper of the other language reads as theirs); absent without them
   */
  collections: Type.Optional(Type.Array(Type.String())),
  /**
   * the text (`q`) has no word of two letters or digits once folded (punctuation, one letter,
   * tatweel): nothing is searched for and nothing found; absent otherwise
   */
  words_too_short: Type.Optional(Type.Literal(true)),
  facets: SearchFacets,
});
export type SearchResponse = Static<typeof SearchResponse>;

export const NO_SUCH_SEARCH_PAGE = 'no_such_page';
/**
 * A page past the last one: 404 (nothing to index there), with the last page's answer, so a client can say so,
 * link to the last page (`page_count`) and keep the filters and their counts on screen.
 */
export const NoSuchSearchPage = ResponseObject({
  ...SearchResponse.properties,
  message: Type.String(),
  code: Type.Literal(NO_SUCH_SEARCH_PAGE),
});
export type NoSuchSearchPage = Static<typeof NoSuchSearchPage>;

export const SuggestQuery = Type.Object({
  ...CatalogQuery.properties,
  q: Type.String({ maxLength: SEARCH_TEXT_MAX }),
});
export type SuggestQuery = Static<typeof SuggestQuery>;

export const Suggestion = ResponseObject({
  id: Type.Integer(),
  name: Type.String(),
  image: Type.String(),
  price: Type.Number(),
  discounted_price: Type.Union([Type.Number(), Type.Null()]),
  /** the prices in the requested currency, when one was asked for */
  currency_code: Type.String(),
});
export type Suggestion = Static<typeof Suggestion>;

export const SuggestResponse = ResponseObject({
  products: Type.Array(Suggestion),
  categories: Type.Array(ResponseObject({ id: Type.Integer(), name: Type.String() })),
});
export type SuggestResponse = Static<typeof SuggestResponse>;

export const CategoriesPageQuery = Type.Object({
  ...CatalogQuery.properties,
  page: Type.Optional(Type.String({ maxLength: 6, pattern: '^\\s*\\d{1,6}\\s*$' })),
  per_page: Type.Optional(Type.String({ maxLength: 3, pattern: '^\\s*\\d{1,3}\\s*$' })),
});
export type CategoriesPageQuery = Static<typeof CategoriesPageQuery>;

export const ListedCategory = ResponseObject({
  id: Type.Integer(),
  name: Type.String(),
  image: Type.String(),
  product_count: Type.Integer(),
});
export type ListedCategory = Static<typeof ListedCategory>;

export const CategoriesPageResponse = ResponseObject({
  data: Type.Array(ListedCategory),
  total: Type.Integer(),
  page: Type.Integer(),
  per_page: Type.Integer(),
  page_count: Type.Integer(),
});
export type CategoriesPageResponse = Static<typeof CategoriesPageResponse>;

export const RelatedResponse = ResponseObject({
  /** other products of the same category, up to 12 */
  similar: Type.Array(ListedProduct),
  /** other products rated 3 or more, best rated first, up to 8 */
  recommended: Type.Array(ListedProduct),
});
export type RelatedResponse = Static<typeof RelatedResponse>;

/** The home page's lists, each bounded whatever the catalogue's size. */
export const HomeResponse = ResponseObject({
  best_sellers: Type.Array(ListedProduct),
  /** rated 3 or more, newest first */
  newly_added: Type.Array(ListedProduct),
  /** discounted products */
  today_deals: Type.Array(ListedProduct),
  /** the first categories in the shop's order */
  categories: Type.Array(ListedCategory),
  category_count: Type.Integer(),
});
export type HomeResponse = Static<typeof HomeResponse>;

export const HOME_LIST_MAX = 20;
export const HOME_CATEGORIES_MAX = 6;

export const CatalogPages = endpoints({
  search: {
    method: 'GET',
    url: '/catalog/search',
    notes:
      'a page of the products whose name matches the words (both name columns, Arabic letter forms and English plurals folded, mistyped letters tolerated) and filters, with facet counts; unknown names match nothing; a page past the last answers 404 with the last page (`code` no_such_page); 422 for a bad value (`errors.<field>`)',
    schema: { querystring: SearchQuery, response: { 200: SearchResponse, 404: NoSuchSearchPage } },
  },
  suggestions: {
    method: 'GET',
    url: '/catalog/suggestions',
    notes: 'up to 6 products and 3 categories for the words typed so far; fewer than 2 letters answer none',
    schema: { querystring: SuggestQuery, response: { 200: SuggestResponse } },
  },
  categories: {
    method: 'GET',
    url: '/catalog/categories',
    notes: 'the categories a page at a time (20 by default), with how many products each holds',
    schema: { querystring: CategoriesPageQuery, response: { 200: CategoriesPageResponse } },
  },
  related: {
    method: 'GET',
    url: '/products/:id/related',
    notes: "404 `{message:'Product not found'}`",
    schema: {
      querystring: CatalogQuery,
      params: Type.Object({ id: IdText }),
      response: { 200: RelatedResponse },
    },
  },
  home: {
    method: 'GET',
    url: '/catalog/home',
    notes:
      'best sellers, newly added and today’s deals (up to 20 each), the first 6 categories and the coupons',
    schema: { querystring: CatalogQuery, response: { 200: HomeResponse } },
  },
});
