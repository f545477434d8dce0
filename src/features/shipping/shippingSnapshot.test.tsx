// After a reload the chosen area's name and price show at once, from the snapshot of the server's answers put back
// in RTK Query's cache; the server's new answer then replaces it.
import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';

import type { CacheSnapshot } from '../../app/cacheSnapshot';
import { renderWithProviders } from '../../testing/renderWithProviders';
import { restoredStores } from '../../testing/restoredStore';
import { apiUrl, server } from '../../testing/server';
import { ShippingPicker } from './components/ShippingPicker';
import { selectShippingChoice } from './shippingSelectors';
import { shippingSnapshot } from './shippingSnapshot';

const governorates = [{ id: 1, name_en: 'Hawalli', name_ar: 'حولي', areas_count: 1 }];
let salmiyaPrice = 1.5;
let areasHeld: Promise<void> = Promise.resolve();
let areaCalls = 0;

beforeEach(() => {
  salmiyaPrice = 1.5;
  areasHeld = Promise.resolve();
  areaCalls = 0;
  server.use(
    http.get(apiUrl('governorates'), () => HttpResponse.json({ data: governorates })),
    http.get(apiUrl('governorates/1/areas'), async () => {
      areaCalls += 1;
      await areasHeld;
      return HttpResponse.json({
        areas: [{ id: 11, name_en: 'Salmiya', name_ar: 'السالمية', shipping_price: salmiyaPrice }],
      });
    }),
  );
});

const restoredStore = restoredStores();

/** The app's start: the store, what redux-persist stored read back, then the snapshots seeding the cache. */
const startedStore = () =>
  restoredStore({
    preloaded: { settings: { language: 'en', currency: 'KWD' } },
    snapshots: [shippingSnapshot] as CacheSnapshot<unknown>[],
  });

it("a reload shows the chosen area's name and price at once; the server's answer then replaces them", async () => {
  const first = await startedStore();
  const picked = renderWithProviders(<ShippingPicker />, { store: first.store });
  await screen.findByRole('option', { name: 'Hawalli' });
  await picked.user.selectOptions(screen.getByRole('combobox', { name: 'Governorate' }), 'Hawalli');
  await waitFor(() => expect(screen.getByRole('combobox', { name: 'Area' })).toBeEnabled());
  await picked.user.selectOptions(screen.getByRole('combobox', { name: 'Area' }), 'Salmiya');
  expect(await screen.findByTestId('shipping-price')).toHaveTextContent('1.50');
  await first.persistor.flush();
  picked.unmount();
  // What the slice keeps is the choice; the answers are the snapshot's.
  expect(window.localStorage.getItem('persist:shipping')).not.toContain('Salmiya');
  expect(window.localStorage.getItem('snapshot:shipping')).toContain('Salmiya');

  // The reload: the server has a new price and is slow to say it.
  salmiyaPrice = 2.5;
  let release = () => undefined as void;
  areasHeld = new Promise<void>((resolve) => (release = resolve));
  const callsBefore = areaCalls;
  const { store } = await startedStore();
  expect(selectShippingChoice(store.getState())).toMatchObject({
    governorateId: 1,
    areaId: 11,
    area: { name_en: 'Salmiya' },
    shippingPrice: 1.5,
    currency: 'KWD',
  });
  renderWithProviders(<ShippingPicker />, { store });
  expect(screen.getByTestId('shipping-price')).toHaveTextContent('Salmiya');
  expect(screen.getByTestId('shipping-price')).toHaveTextContent('1.50');
  // The server is asked at once.
  await waitFor(() => expect(areaCalls).toBeGreaterThan(callsBefore));
  release();
  await waitFor(() => expect(screen.getByTestId('shipping-price')).toHaveTextContent('2.50'));
  expect(selectShippingChoice(store.getState()).shippingPrice).toBe(2.5);
});

it('no area chosen: no snapshot is kept, and a stale one is dropped', async () => {
  window.localStorage.setItem(
    'snapshot:shipping',
    JSON.stringify({ governorateId: 1, currency: 'KWD', governorates, areas: [] }),
  );
  const { store } = await startedStore();
  expect(selectShippingChoice(store.getState()).area).toBeNull();
  expect(window.localStorage.getItem('snapshot:shipping')).toBeNull();
});
