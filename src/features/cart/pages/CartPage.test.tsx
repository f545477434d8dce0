import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';

import type { Language } from '../../../app/events';
import { allResources } from '../../../i18n/resources';
import { renderWithProviders } from '../../../testing/renderWithProviders';
import { apiUrl, server } from '../../../testing/server';
import { selectGuestToken } from '../cartSlice';
import {
  cartHandlers,
  GUEST_TOKEN,
  makeCartItem,
  makeCartProduct,
  sizedProduct,
  type CartCall,
} from '../testing/fixtures';
import type { CartItem } from '../types';
import CartPage from './CartPage';

const texts = (language: Language) => allResources[language].shop.cart;

function renderCart(language: Language = 'en', signedIn = false) {
  return renderWithProviders(<CartPage />, {
    language,
    preloadedState: signedIn
      ? { auth: { token: 'user-token', userId: 1, email: 'a@b.c', modal: { open: false, view: 'login' } } }
      : { cart: { guestToken: GUEST_TOKEN } },
  });
}

const refuse = () => HttpResponse.json({ message: 'The given data was invalid.' }, { status: 422 });

describe('cart page', () => {
  it('shows a skeleton, then each line with name, price, choices and the summary', async () => {
    const items = [
      makeCartItem({
        product_id: 1,
        quantity: 2,
        product: makeCartProduct({ id: 1, name: 'Royal Oud', price: 12.5, discounted_price: 10.125 }),
      }),
      makeCartItem({ product_id: 2, product: sizedProduct(2), size: 'M' }),
    ];
    server.use(...cartHandlers(() => items));
    renderCart();
    expect(screen.getByTestId('cart-skeleton')).toHaveTextContent('Loading your cart');
    const lines = await screen.findAllByTestId('cart-line');
    expect(lines).toHaveLength(2);
    expect(within(lines[0] as HTMLElement).getByText('Royal Oud')).toBeInTheDocument();
    // 2 × 10.125 + 1 × 10 = 30.25 exactly, shown with 2 decimals.
    expect(screen.getByTestId('summary-subtotal')).toHaveTextContent('30.25');
    expect(screen.getByTestId('summary-shipping')).toHaveTextContent('Free');
    expect(screen.getByTestId('summary-total')).toHaveTextContent('30.25');
    expect(screen.getByRole('combobox', { name: 'Size' })).toHaveValue('M');
    expect(screen.getByRole('button', { name: 'Decrease the quantity of Dishdasha 2' })).toBeDisabled();
  });

  it('a chosen area’s price on its way is neither free nor left out of the total', async () => {
    const items = [
      makeCartItem({ product_id: 1, quantity: 1, product: makeCartProduct({ id: 1, price: 10 }) }),
    ];
    let answerAreas = () => undefined as void;
    const areasAnswered = new Promise<void>((resolve) => {
      answerAreas = resolve;
    });
    server.use(
      ...cartHandlers(() => items),
      http.get(apiUrl('governorates'), () =>
        HttpResponse.json({ data: [{ id: 1, name_en: 'Ahmadi', name_ar: 'الأحمدي', areas_count: 1 }] }),
      ),
      http.get(apiUrl('governorates/1/areas'), async () => {
        await areasAnswered;
        return HttpResponse.json({
          areas: [{ id: 2, name_en: 'Fahaheel', name_ar: 'الفحيحيل', shipping_price: 2 }],
        });
      }),
    );
    renderWithProviders(<CartPage />, {
      preloadedState: {
        cart: { guestToken: GUEST_TOKEN },
        shipping: { choice: { governorateId: 1, areaId: 2, address: 'Near the mosque' } },
      },
    });
    await waitFor(() => expect(screen.getByTestId('summary-subtotal')).toHaveTextContent('10.00'));
    expect(screen.getByTestId('summary-shipping')).toHaveTextContent('Updating the delivery price');
    expect(screen.getByTestId('summary-total')).not.toHaveTextContent('10.00');
    answerAreas();
    await waitFor(() => expect(screen.getByTestId('summary-total')).toHaveTextContent('12.00'));
    expect(screen.getByTestId('summary-shipping')).toHaveTextContent('2.00');
  });

  it('without any token the cart is empty and no call is made', async () => {
    renderWithProviders(<CartPage />);
    expect(await screen.findByText('Your cart is empty')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Continue shopping' })).toHaveAttribute('href', '/search');
  });

  it('plus is capped at the stock', async () => {
    const items = [makeCartItem({ quantity: 3, product: makeCartProduct({ id: 1, stock_quantity: 3 }) })];
    server.use(...cartHandlers(() => items));
    renderCart();
    expect(await screen.findByRole('button', { name: 'Increase the quantity of Product 1' })).toBeDisabled();
  });

  it('plus stops at the per-order cap, counting the product in its other sizes', async () => {
    const product = sizedProduct(2);
    const items = [
      makeCartItem({ id: 21, product_id: 2, product, size: 'M', quantity: 6 }),
      makeCartItem({ id: 22, product_id: 2, product, size: 'L', quantity: 4 }),
      makeCartItem({ product_id: 3, product: makeCartProduct({ id: 3, stock_quantity: 50 }), quantity: 9 }),
    ];
    server.use(...cartHandlers(() => items));
    renderCart();
    const increase = await screen.findAllByRole('button', { name: 'Increase the quantity of Dishdasha 2' });
    for (const button of increase) expect(button).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Increase the quantity of Product 3' })).toBeEnabled();
  });

  it.each<Language>(['en', 'ar'])(
    'a typed quantity above the cap is set to the cap and says so (%s)',
    async (language) => {
      const items = [makeCartItem({ quantity: 1, product: makeCartProduct({ id: 1, stock_quantity: 50 }) })];
      const calls: CartCall[] = [];
      server.use(...cartHandlers(() => items, calls));
      const { user } = renderCart(language);
      const field = await screen.findByRole('textbox', {
        name: texts(language).line.quantity.replace('{{name}}', 'Product 1'),
      });
      await user.clear(field);
      await user.type(field, '25{Enter}');
      expect(
        await screen.findByText(texts(language).quantity.above_limit.replace(/\{\{count\}\}/g, '10')),
      ).toBeInTheDocument();
      await waitFor(() => expect(calls.at(-1)?.body).toMatchObject({ quantity: 10 }));
    },
  );

  it.each<Language>(['en', 'ar'])(
    'a quantity the server refuses for the cap rolls back and names the cap (%s)',
    async (language) => {
      const items = [makeCartItem({ quantity: 5, product: makeCartProduct({ id: 1, stock_quantity: 50 }) })];
      const message = 'The quantity may not be greater than the limit per order (10).';
      server.use(
        ...cartHandlers(
          () => items,
          [],
          () => HttpResponse.json({ message, errors: { quantity: [message] } }, { status: 422 }),
        ),
      );
      const { user } = renderCart(language);
      await user.click(
        await screen.findByRole('button', {
          name: texts(language).line.increase.replace('{{name}}', 'Product 1'),
        }),
      );
      expect(
        await screen.findByText(texts(language).quantity.over_limit.replace('{{count}}', '10')),
      ).toBeInTheDocument();
      expect(
        screen.getByRole('textbox', { name: texts(language).line.quantity.replace('{{name}}', 'Product 1') }),
      ).toHaveValue('5');
    },
  );

  it('a quantity change shows at once, with busy controls, and is sent for that line', async () => {
    let items: CartItem[] = [makeCartItem({ quantity: 1 })];
    const calls: CartCall[] = [];
    // The server answers only when the test has looked at the screen in between.
    let answer = () => undefined as void;
    const answered = new Promise<void>((resolve) => {
      answer = resolve;
    });
    server.use(
      ...cartHandlers(
        () => items,
        calls,
        async () => {
          await answered;
          items = [makeCartItem({ quantity: 2 })];
          return HttpResponse.json({ message: 'ok' });
        },
      ),
    );
    const { user } = renderCart();
    await user.click(await screen.findByRole('button', { name: 'Increase the quantity of Product 1' }));
    // Before the (slow) answer: the new quantity shows, the line's controls are busy.
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'Quantity of Product 1' })).toHaveValue('2'),
    );
    expect(screen.getByRole('button', { name: 'Remove Product 1' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Increase the quantity of Product 1' })).toBeDisabled();
    expect(screen.getByText('Updating Product 1')).toHaveClass('visually-hidden');
    answer();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Remove Product 1' })).toBeEnabled());
    expect(calls).toEqual([
      {
        method: 'POST',
        path: 'guest/cart/update/1',
        body: { quantity: 2, size: null, color: null, guest_token: GUEST_TOKEN },
      },
    ]);
  });

  it.each<Language>(['en', 'ar'])(
    'a refused quantity change rolls back and says so (%s)',
    async (language) => {
      const items = [makeCartItem({ quantity: 1 })];
      server.use(...cartHandlers(() => items, [], refuse));
      const { user } = renderCart(language);
      const plus = await screen.findByRole('button', {
        name: texts(language).line.increase.replace('{{name}}', 'Product 1'),
      });
      await user.click(plus);
      expect(await screen.findByText(texts(language).quantity_update_failed)).toBeInTheDocument();
      expect(
        screen.getByRole('textbox', { name: texts(language).line.quantity.replace('{{name}}', 'Product 1') }),
      ).toHaveValue('1');
    },
  );

  it('a server error on a quantity change rolls it back, says so, and reads the cart again', async () => {
    const items = [makeCartItem({ quantity: 1 })];
    const calls: CartCall[] = [];
    server.use(
      ...cartHandlers(
        () => items,
        calls,
        () => HttpResponse.json({ message: 'Server Error' }, { status: 500 }),
      ),
    );
    const { user } = renderCart();
    await user.click(
      await screen.findByRole('button', { name: texts('en').line.increase.replace('{{name}}', 'Product 1') }),
    );
    expect(await screen.findByText(texts('en').quantity_update_failed)).toBeInTheDocument();
    expect(
      screen.getByRole('textbox', { name: texts('en').line.quantity.replace('{{name}}', 'Product 1') }),
    ).toHaveValue('1');
  });

  it.each<Language>(['en', 'ar'])(
    'a change the shop did not confirm (no answer in time) reads the cart again: it shows what the shop did (%s)',
    async (language) => {
      let items = [makeCartItem({ quantity: 1 })];
      server.use(
        ...cartHandlers(
          () => items,
          [],
          () => {
            // The shop made the change, and the answer was lost on the way.
            items = [makeCartItem({ quantity: 2 })];
            return HttpResponse.error();
          },
        ),
      );
      const { user } = renderCart(language);
      await user.click(
        await screen.findByRole('button', {
          name: texts(language).line.increase.replace('{{name}}', 'Product 1'),
        }),
      );
      expect(await screen.findByText(texts(language).change_unconfirmed)).toBeInTheDocument();
      const quantity = () =>
        screen.getByRole('textbox', { name: texts(language).line.quantity.replace('{{name}}', 'Product 1') });
      await waitFor(() => expect(quantity()).toHaveValue('2'));
    },
  );

  it.each<Language>(['en', 'ar'])(
    'offline, a quantity change nothing confirms goes back to what the shop confirmed; the next tap counts from it (%s)',
    async (language) => {
      let offline = false;
      let items = [makeCartItem({ quantity: 1 })];
      const calls: CartCall[] = [];
      server.use(
        // Before the fixture's handlers: the first that matches answers.
        http.get(apiUrl('guest/cart'), () =>
          offline ? HttpResponse.error() : HttpResponse.json({ cart_items: items }),
        ),
        ...cartHandlers(
          () => items,
          calls,
          async ({ request }) => {
            if (offline) return HttpResponse.error();
            const body = (await request.json()) as { quantity: number };
            items = [makeCartItem({ quantity: body.quantity })];
            return HttpResponse.json({ message: 'ok' });
          },
        ),
      );
      const { user } = renderCart(language);
      const increase = await screen.findByRole('button', {
        name: texts(language).line.increase.replace('{{name}}', 'Product 1'),
      });
      const quantity = () =>
        screen.getByRole('textbox', { name: texts(language).line.quantity.replace('{{name}}', 'Product 1') });
      offline = true;
      await user.click(increase);
      expect(await screen.findByText(texts(language).change_unconfirmed)).toBeInTheDocument();
      await waitFor(() => expect(quantity()).toHaveValue('1'));
      offline = false;
      await user.click(increase);
      await waitFor(() =>
        expect(calls.filter((call) => call.method === 'POST').at(-1)?.body).toMatchObject({ quantity: 2 }),
      );
      await waitFor(() => expect(quantity()).toHaveValue('2'));
    },
  );

  it('offline, a removal nothing confirms brings the line back (not an empty cart)', async () => {
    let offline = false;
    const items = [makeCartItem({ product_id: 1 })];
    server.use(
      http.get(apiUrl('guest/cart'), () =>
        offline ? HttpResponse.error() : HttpResponse.json({ cart_items: items }),
      ),
      ...cartHandlers(
        () => items,
        [],
        () => HttpResponse.error(),
      ),
    );
    const { user } = renderCart();
    const remove = await screen.findByRole('button', {
      name: texts('en').line.remove.replace('{{name}}', 'Product 1'),
    });
    offline = true;
    await user.click(remove);
    expect(await screen.findByText(texts('en').change_unconfirmed)).toBeInTheDocument();
    expect(screen.getAllByTestId('cart-line')).toHaveLength(1);
    expect(screen.queryByText('Your cart is empty')).not.toBeInTheDocument();
  });

  it('a size change whose answer is lost after the new choice was added keeps both lines, never none', async () => {
    let items = [makeCartItem({ product_id: 2, product: sizedProduct(2), size: 'M' })];
    const calls: CartCall[] = [];
    server.use(
      ...cartHandlers(
        () => items,
        calls,
        ({ request }) => {
          if (request.method === 'POST') {
            items = [...items, { ...(items[0] as CartItem), id: 99, size: 'L' }];
            return HttpResponse.json({ message: 'ok' });
          }
          return HttpResponse.error();
        },
      ),
    );
    const { user } = renderCart();
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Size' }), 'L');
    await waitFor(() => expect(screen.getAllByTestId('cart-line')).toHaveLength(2));
  });

  it.each<Language>(['en', 'ar'])(
    'a refused removal restores the line and says so (%s)',
    async (language) => {
      const items = [makeCartItem({ product_id: 1 }), makeCartItem({ product_id: 2 })];
      server.use(...cartHandlers(() => items, [], refuse));
      const { user } = renderCart(language);
      await user.click(
        await screen.findByRole('button', {
          name: texts(language).line.remove.replace('{{name}}', 'Product 2'),
        }),
      );
      expect(await screen.findByText(texts(language).item_removal_failed)).toBeInTheDocument();
      expect(screen.getAllByTestId('cart-line')).toHaveLength(2);
    },
  );

  it('a removal leaves at once and the cart is reloaded', async () => {
    let items = [makeCartItem({ product_id: 1 }), makeCartItem({ product_id: 2 })];
    const calls: CartCall[] = [];
    server.use(
      ...cartHandlers(
        () => items,
        calls,
        () => {
          items = items.filter((item) => item.product_id !== 2);
          return HttpResponse.json({ message: 'removed' });
        },
      ),
    );
    const { user } = renderCart();
    await user.click(await screen.findByRole('button', { name: 'Remove Product 2' }));
    await waitFor(() => expect(screen.getAllByTestId('cart-line')).toHaveLength(1));
    expect(calls[0]).toMatchObject({ method: 'DELETE', path: 'guest/cart/product/2' });
  });

  it('a new size replaces the line; the same size does nothing', async () => {
    let items = [makeCartItem({ product_id: 2, product: sizedProduct(2), size: 'M', quantity: 2 })];
    const calls: CartCall[] = [];
    server.use(
      ...cartHandlers(
        () => items,
        calls,
        ({ request }) => {
          if (request.method === 'POST') items = [{ ...items[0], size: 'L' } as CartItem];
          return HttpResponse.json({ message: 'ok' });
        },
      ),
    );
    const { user } = renderCart();
    const size = await screen.findByRole('combobox', { name: 'Size' });
    await user.selectOptions(size, 'M');
    await user.selectOptions(size, 'L');
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Size' })).toHaveValue('L'));
    // The new choice first, then the old line: a connection lost in between leaves two lines, never none.
    expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual([
      'POST guest/cart/add',
      'DELETE guest/cart/product/2',
    ]);
    expect(calls[0]?.body).toMatchObject({ product_id: 2, quantity: 2, size: 'L', currency: 'KWD' });
    expect(calls[1]?.body).toMatchObject({ size: 'M' });
  });

  it.each<Language>(['en', 'ar'])(
    'a refused size change puts the old line back and reloads (%s)',
    async (language) => {
      const items = [makeCartItem({ product_id: 2, product: sizedProduct(2), size: 'M' })];
      const calls: CartCall[] = [];
      server.use(
        ...cartHandlers(
          () => items,
          calls,
          ({ request }) =>
            request.method === 'POST' && calls.at(-1)?.body?.size === 'L'
              ? HttpResponse.json({ message: 'no' }, { status: 422 })
              : HttpResponse.json({ message: 'ok' }),
        ),
      );
      const { user } = renderCart(language);
      await user.selectOptions(await screen.findByRole('combobox', { name: texts(language).line.size }), 'L');
      expect(await screen.findByText(texts(language).product_update_failed)).toBeInTheDocument();
      // Refused beside the old line (perhaps over the limit together), then alone: the old line goes back.
      expect(calls.map((call) => `${call.method} ${String(call.body?.size)}`)).toEqual([
        'POST L',
        'DELETE M',
        'POST L',
        'POST M',
      ]);
    },
  );

  it.each<Language>(['en', 'ar'])(
    'a typed quantity is clamped or refused with a message (%s)',
    async (language) => {
      const items = [makeCartItem({ quantity: 2, product: makeCartProduct({ id: 1, stock_quantity: 5 }) })];
      const calls: CartCall[] = [];
      server.use(...cartHandlers(() => items, calls));
      const { user } = renderCart(language);
      const field = await screen.findByRole('textbox', {
        name: texts(language).line.quantity.replace('{{name}}', 'Product 1'),
      });
      await user.clear(field);
      await user.type(field, 'abc{Enter}');
      expect(await screen.findByRole('alert')).toHaveTextContent(texts(language).quantity.not_a_number);
      expect(field).toHaveValue('2');
      await user.clear(field);
      await user.type(field, '0{Enter}');
      expect(screen.getByRole('alert')).toHaveTextContent(texts(language).quantity.below_one);
      await user.clear(field);
      await user.type(field, '٩{Enter}');
      expect(screen.getByRole('alert')).toHaveTextContent(
        texts(language).quantity.above_stock.replaceAll('{{count}}', '5'),
      );
      await waitFor(() => expect(calls.at(-1)?.body).toMatchObject({ quantity: 5 }));
      expect(calls.map((call) => call.body?.quantity)).toEqual([1, 5]);
    },
  );

  it.each<Language>(['en', 'ar'])(
    'a product gone out of stock shows as unavailable and is not counted (%s)',
    async (language) => {
      const items = [
        makeCartItem({ product_id: 1, product: makeCartProduct({ id: 1, price: 5 }) }),
        makeCartItem({ product_id: 2, product: makeCartProduct({ id: 2, stock_quantity: 0, price: 99 }) }),
      ];
      server.use(...cartHandlers(() => items));
      renderCart(language);
      expect(await screen.findByTestId('unavailable')).toHaveTextContent(texts(language).line.unavailable);
      expect(screen.getByTestId('summary-total')).toHaveTextContent('5.00');
      expect(screen.getByText(texts(language).summary.unavailable_excluded)).toBeInTheDocument();
    },
  );

  it.each<Language>(['en', 'ar'])(
    'lines without a currency are hidden with a prompt (%s)',
    async (language) => {
      const items = [makeCartItem({ product_id: 1 }), makeCartItem({ product_id: 2, currency: null })];
      server.use(...cartHandlers(() => items));
      renderCart(language);
      expect(await screen.findByText(texts(language).choose_country_from_profile_first)).toBeInTheDocument();
      expect(screen.getAllByTestId('cart-line')).toHaveLength(1);
    },
  );

  it.each<Language>(['en', 'ar'])(
    'a server that is down gives a translated error with retry, and the guest token is kept (%s)',
    async (language) => {
      let down = true;
      server.use(
        http.get(apiUrl('guest/cart'), () =>
          down ? HttpResponse.error() : HttpResponse.json({ cart_items: [makeCartItem()] }),
        ),
        ...cartHandlers(() => [makeCartItem()]),
      );
      const { user, store } = renderCart(language);
      const notice = await screen.findByTestId('load-failed');
      expect(notice).toHaveTextContent(texts(language).data_loading_error);
      expect(notice).toHaveTextContent(
        language === 'en' ? 'The shop cannot be reached right now.' : 'تعذّر الوصول إلى المتجر الآن.',
      );
      const retry = within(notice).getByRole('button', {
        name: language === 'en' ? 'Try again' : 'حاول مرة أخرى',
      });
      expect(selectGuestToken(store.getState())).toBe(GUEST_TOKEN);
      down = false;
      await user.click(retry);
      expect(await screen.findByTestId('cart-line')).toBeInTheDocument();
    },
  );

  it('a guest-cart 401 forgets the guest token and shows an empty cart', async () => {
    server.use(
      http.get(apiUrl('guest/cart'), () =>
        HttpResponse.json({ message: 'Unauthenticated.' }, { status: 401 }),
      ),
    );
    const { store } = renderCart();
    expect(await screen.findByText('Your cart is empty')).toBeInTheDocument();
    expect(selectGuestToken(store.getState())).toBeNull();
  });

  it('a user-cart 401 ends the session and falls back to the empty cart', async () => {
    server.use(
      http.get(apiUrl('cart'), () => HttpResponse.json({ message: 'Unauthenticated.' }, { status: 401 })),
    );
    const { store } = renderCart('en', true);
    expect(await screen.findByText('Your cart is empty')).toBeInTheDocument();
    expect(store.getState().auth.token).toBeNull();
  });
});
