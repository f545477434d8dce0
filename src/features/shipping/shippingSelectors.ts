// What the cart and checkout show of the delivery choice: the slice's ids and address, with the places' names and
// the area's price from the server's answers in RTK Query's cache (one copy of them).
import { createSelector } from '@reduxjs/toolkit';

import type { RootState } from '../../app/store';
import { selectCurrency } from '../settings/public';
import { shippingApi } from './shippingApi';
import { selectShippingPick, type PlaceNames, type ShippingPick } from './shippingSlice';
import type { Area } from './types';

export interface ShippingChoice extends ShippingPick {
  /** the chosen governorate as the server names it; null until its answer is known */
  governorate: PlaceNames | null;
  /** the chosen area as the server names it; null while none is chosen or its answer is not known */
  area: PlaceNames | null;
  /** the chosen area's price, in `currency`; 0 without an area */
  shippingPrice: number;
  /** the currency the price was answered in (null without an area) */
  currency: string | null;
  /** the currency of the areas' answer the choice is read from; null while the chosen governorate's is awaited */
  answeredIn: string | null;
}

interface AreasEntry {
  endpointName?: string;
  originalArgs?: unknown;
  data?: unknown;
  fulfilledTimeStamp?: number;
}

const selectGovernorates = shippingApi.endpoints.getGovernorates.select();

/**
 * The chosen governorate's areas as last answered: in the shown currency, else the latest answer in another one
 * (a currency switch shows the price it had until the new currency's answer arrives). The cache's own entry, so the
 * same object while nothing changes.
 */
export const selectChosenAreas = createSelector(
  [selectShippingPick, selectCurrency, (state: RootState) => state[shippingApi.reducerPath].queries],
  (pick, currency, queries): { areas: Area[]; currency: string } | null => {
    if (pick.governorateId === null) return null;
    let latest: { entry: AreasEntry; currency: string } | null = null;
    for (const entry of Object.values(queries) as (AreasEntry | undefined)[]) {
      if (entry?.endpointName !== 'getAreas' || !Array.isArray(entry.data)) continue;
      const args = entry.originalArgs as { governorateId: number; currency: string };
      if (args.governorateId !== pick.governorateId) continue;
      if (args.currency === currency) return { areas: entry.data as Area[], currency };
      if (!latest || (entry.fulfilledTimeStamp ?? 0) > (latest.entry.fulfilledTimeStamp ?? 0))
        latest = { entry, currency: args.currency };
    }
    return latest && { areas: latest.entry.data as Area[], currency: latest.currency };
  },
  // The same areas in the same currency are the same answer: no new choice for a cache change elsewhere.
  {
    memoizeOptions: {
      resultEqualityCheck: (a: { areas: Area[]; currency: string } | null, b: typeof a) =>
        a === b || (a !== null && b !== null && a.areas === b.areas && a.currency === b.currency),
    },
  },
);

/** The delivery choice as shown: the same object while neither the choice nor its answers change. */
export const selectShippingChoice = createSelector(
  [selectShippingPick, (state: RootState) => selectGovernorates(state).data, selectChosenAreas],
  (pick, governorates, answered): ShippingChoice => {
    const governorate = governorates?.find((candidate) => candidate.id === pick.governorateId) ?? null;
    const area =
      pick.areaId === null
        ? null
        : (answered?.areas.find((candidate) => candidate.id === pick.areaId) ?? null);
    return {
      ...pick,
      governorate,
      area,
      shippingPrice: area ? Math.max(0, area.shipping_price) : 0,
      currency: area && answered ? answered.currency : null,
      answeredIn: answered?.currency ?? null,
    };
  },
);
