import type { Language } from '../../../app/events';
import { makeStore, type AppStore } from '../../../app/store';
import { catalogApi, homeDataOf } from '../catalogApi';
import type { Category, Coupon, Product } from '../types';
import { homeAnswerOf } from './handlers';

/**
 * A store whose RTK Query cache holds the home data of `language`, as if fetched at `fetchedAt` (the 5-minute
 * rule counts from then).
 */
export function storeWithHomeData(
  language: Language,
  home: {
    categories: Category[];
    bestSellers: Product[];
    coupons: Coupon[];
    fetchedAt: number;
    currency: string;
  },
  store: AppStore = makeStore({ settings: { language, currency: home.currency } }),
): AppStore {
  // The clock as the test has it (maybe a mock of its own), set to the fetch's time for this one action.
  const now = Date.now;
  Date.now = () => home.fetchedAt;
  try {
    store.dispatch(
      catalogApi.util.upsertQueryEntries([
        {
          endpointName: 'getHomeData',
          arg: { lang: language, currency: home.currency },
          value: homeDataOf(homeAnswerOf(home.categories, home.bestSellers)),
        },
        {
          endpointName: 'getCoupons',
          arg: { lang: language, currency: home.currency },
          value: home.coupons,
        },
      ]),
    );
  } finally {
    Date.now = now;
  }
  return store;
}
