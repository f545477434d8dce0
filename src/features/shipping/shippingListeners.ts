import { currencyChanged } from '../../app/events';
import type { AppStartListening } from '../../app/listenerTypes';
import { shippingApi } from './shippingApi';
import { areaPriceRefreshed, selectShippingChoice } from './shippingSlice';

export function addShippingListeners(startAppListening: AppStartListening): void {
  // The chosen area's shipping price follows the shopper's currency.
  startAppListening({
    actionCreator: currencyChanged,
    effect: async (action, listenerApi) => {
      listenerApi.cancelActiveListeners();
      const { governorateId, areaId } = selectShippingChoice(listenerApi.getState());
      if (governorateId === null || areaId === null) return;
      const answer = await listenerApi.dispatch(
        shippingApi.endpoints.getAreas.initiate(
          { governorateId, currency: action.payload },
          { subscribe: false },
        ),
      );
      const area = answer.data?.find((candidate) => candidate.id === areaId);
      if (area) {
        listenerApi.dispatch(
          areaPriceRefreshed({ areaId, shipping_price: area.shipping_price, currency: action.payload }),
        );
      }
    },
  });
}
