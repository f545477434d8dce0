// The delivery choice's answers across a reload: the cart and checkout show the chosen area's name and price at
// once, from a snapshot of RTK Query's governorates and areas answers put back in the cache at the start; the
// server is asked at once and its answers replace it.
import { createSelector } from '@reduxjs/toolkit';

import type { CacheSnapshot } from '../../app/cacheSnapshot';
import type { RootState } from '../../app/store';
import { arrayOf, isFiniteNumber, isString, shapeOf, type Guard } from '../../lib/persistGuard';
import { selectCurrency } from '../settings/public';
import { shippingApi } from './shippingApi';
import { selectChosenAreas } from './shippingSelectors';
import { selectShippingPick } from './shippingSlice';
import type { Area, Governorate } from './types';

export interface ShippingSnapshot {
  governorateId: number;
  /** the currency the areas were answered in */
  currency: string;
  governorates: Governorate[];
  areas: Area[];
}

const isPlace = { id: isFiniteNumber, name_ar: isString, name_en: isString };
const isShippingSnapshot: Guard = shapeOf({
  governorateId: isFiniteNumber,
  currency: isString,
  governorates: arrayOf(shapeOf({ ...isPlace, areas_count: isFiniteNumber })),
  areas: arrayOf(shapeOf({ ...isPlace, shipping_price: isFiniteNumber })),
});

const selectGovernorates = shippingApi.endpoints.getGovernorates.select();

/** The answers the chosen area is shown from, when both are in the cache. */
const selectAnswered = createSelector(
  [
    (state: RootState) => selectShippingPick(state),
    (state: RootState) => selectGovernorates(state).data,
    selectChosenAreas,
  ],
  (pick, governorates, answered): ShippingSnapshot | null =>
    pick.governorateId !== null && governorates && answered
      ? {
          governorateId: pick.governorateId,
          currency: answered.currency,
          governorates,
          areas: answered.areas,
        }
      : null,
);

export const shippingSnapshot: CacheSnapshot<ShippingSnapshot> = {
  key: 'shipping',
  isValid: isShippingSnapshot,
  take(state, stored) {
    const pick = selectShippingPick(state);
    // Nothing chosen that needs a price: nothing kept.
    if (pick.governorateId === null || pick.areaId === null) return null;
    const answered = selectAnswered(state);
    if (answered) return answered;
    return stored?.governorateId === pick.governorateId ? undefined : null;
  },
  restore(snapshot, store) {
    const state = store.getState();
    const { governorateId } = selectShippingPick(state);
    if (governorateId !== snapshot.governorateId) return;
    store.dispatch(
      shippingApi.util.upsertQueryEntries([
        { endpointName: 'getGovernorates', arg: undefined, value: snapshot.governorates },
        {
          endpointName: 'getAreas',
          arg: { governorateId, currency: snapshot.currency },
          value: snapshot.areas,
        },
      ]),
    );
    const fresh = { subscribe: false, forceRefetch: true } as const;
    void store.dispatch(shippingApi.endpoints.getGovernorates.initiate(undefined, fresh));
    void store.dispatch(
      shippingApi.endpoints.getAreas.initiate({ governorateId, currency: selectCurrency(state) }, fresh),
    );
  },
};
