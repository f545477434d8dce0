import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';

import type { Language } from '../../../app/events';
import { makeStore } from '../../../app/store';
import { allResources } from '../../../i18n/resources';
import { renderWithProviders } from '../../../testing/renderWithProviders';
import { restoredStores } from '../../../testing/restoredStore';
import { apiUrl, server } from '../../../testing/server';
import { selectShippingChoice } from '../shippingSelectors';
import { ShippingPicker } from './ShippingPicker';

const texts = (language: Language) => allResources[language].shop.shipping;

const governorates = [
  { id: 1, name_en: 'Hawalli', name_ar: 'حولي', areas_count: 2 },
  { id: 2, name_en: '', name_ar: '', areas_count: 1 },
];
const areasOf: Record<string, { id: number; name_en: string; name_ar: string; shipping_price: number }[]> = {
  '1': [
    { id: 11, name_en: 'Salmiya', name_ar: 'السالمية', shipping_price: 1.5 },
    { id: 12, name_en: 'Jabriya', name_ar: 'الجابرية', shipping_price: 0 },
  ],
  '2': [{ id: 21, name_en: '', name_ar: '', shipping_price: 2 }],
};

function shippingHandlers(currencies: string[] = []) {
  return [
    http.get(apiUrl('governorates'), () => HttpResponse.json({ data: governorates })),
    http.get(apiUrl('governorates/:id/areas'), ({ params, request }) => {
      currencies.push(new URL(request.url).searchParams.get('currency_code') ?? '');
      return HttpResponse.json({ areas: areasOf[String(params.id)] ?? [] });
    }),
  ];
}

describe('shipping picker', () => {
  const startStore = restoredStores();

  it.each<Language>(['en', 'ar'])(
    'a governorate loads its areas; an area sets the price and says so (%s)',
    async (language) => {
      const currencies: string[] = [];
      server.use(...shippingHandlers(currencies));
      const { user, store } = renderWithProviders(<ShippingPicker />, { language });
      const t = texts(language);
      const area = screen.getByRole('combobox', { name: t.area });
      expect(area).toBeDisabled();
      const hawalli = language === 'ar' ? 'حولي' : 'Hawalli';
      await screen.findByRole('option', { name: hawalli });
      await user.selectOptions(screen.getByRole('combobox', { name: t.governorate }), hawalli);
      await waitFor(() => expect(area).toBeEnabled());
      await user.selectOptions(area, language === 'ar' ? 'السالمية' : 'Salmiya');
      expect(selectShippingChoice(store.getState())).toMatchObject({
        governorateId: 1,
        areaId: 11,
        shippingPrice: 1.5,
        currency: 'KWD',
        area: { name_en: 'Salmiya', name_ar: 'السالمية' },
      });
      expect(currencies).toEqual(['KWD']);
      expect(
        await screen.findByText(new RegExp(t.shipping_price_updated.split(':')[0] as string)),
      ).toBeInTheDocument();
      expect(screen.getByTestId('shipping-price')).toHaveTextContent('1.50');
    },
  );

  it('choosing a governorate clears the area and makes shipping 0; the typed address stays', async () => {
    server.use(...shippingHandlers());
    const store = makeStore({
      shipping: {
        choice: { governorateId: 1, areaId: 11, address: 'Block 4, Street 2' },
      },
    });
    const { user } = renderWithProviders(<ShippingPicker />, { store });
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Area' })).toHaveValue('11'));
    await screen.findByRole('option', { name: 'Kuwait' });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Governorate' }), 'Kuwait');
    expect(selectShippingChoice(store.getState())).toMatchObject({
      governorateId: 2,
      areaId: null,
      shippingPrice: 0,
      address: 'Block 4, Street 2',
    });
    // Nameless places fall back to Kuwait / city.
    expect(await screen.findByRole('option', { name: 'City' })).toBeInTheDocument();
  });

  it.each<Language>(['en', 'ar'])(
    'the detailed address is required once an area is chosen (%s)',
    async (language) => {
      server.use(...shippingHandlers());
      const store = makeStore({
        settings: { language },
        shipping: {
          choice: { governorateId: 1, areaId: 12, address: '' },
        },
      });
      const { user } = renderWithProviders(<ShippingPicker />, { store, language });
      const address = screen.getByRole('textbox', { name: texts(language).address });
      expect(address).toBeRequired();
      expect(await screen.findByTestId('shipping-price')).toHaveTextContent(texts(language).free);
      await user.click(address);
      await user.tab();
      expect(screen.getByText(texts(language).enter_detailed_address)).toBeInTheDocument();
      await user.type(address, 'Block 1');
      expect(selectShippingChoice(store.getState()).address).toBe('Block 1');
      expect(screen.queryByText(texts(language).enter_detailed_address)).not.toBeInTheDocument();
    },
  );

  it.each<Language>(['en', 'ar'])('a failed governorates call offers a retry (%s)', async (language) => {
    let fail = true;
    server.use(
      http.get(apiUrl('governorates'), () =>
        fail
          ? HttpResponse.json({ message: 'down' }, { status: 500 })
          : HttpResponse.json({ data: governorates }),
      ),
    );
    const { user } = renderWithProviders(<ShippingPicker />, { language });
    expect(await screen.findByText(texts(language).governorates_load_failed)).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: texts(language).retry }));
    expect(await screen.findByRole('combobox', { name: texts(language).governorate })).toBeInTheDocument();
  });

  it('the choice and the address are stored in localStorage', async () => {
    const { store, persistor } = await startStore();
    server.use(...shippingHandlers());
    const { user } = renderWithProviders(<ShippingPicker />, { store });
    await user.type(screen.getByRole('textbox', { name: 'Detailed address' }), 'Villa 9');
    await persistor.flush();
    expect(window.localStorage.getItem('persist:shipping')).toContain('Villa 9');
  });
});
