import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';

import type { Language } from '../../../app/events';
import { allResources } from '../../../i18n/resources';
import { apiUrl, server } from '../../../testing/server';
import { useCartCount } from '../../cart/public';
import SearchPage from '../pages/SearchPage';
import { makeCategory, makeProduct } from '../testing/fixtures';
import { catalogHandlers } from '../testing/handlers';
import { renderPage } from '../testing/renderPage';

const catalog = (language: Language) => allResources[language].translation.catalog;

/** The navbar's count, so the cart is loaded and reloaded as in the app. */
function CartCount() {
  return <output data-testid="cart-count">{useCartCount()}</output>;
}

interface AddCall {
  path: string;
  body: Record<string, unknown>;
  authorization: string | null;
}

function cartServer(options: { fail?: boolean; held?: Promise<void> } = {}) {
  const calls: AddCall[] = [];
  let pieces = 0;
  const items = () =>
    pieces === 0
      ? []
      : [
          {
            id: 1,
            product_id: 1,
            quantity: pieces,
            size: null,
            color: null,
            currency: 'KWD',
            product: undefined,
          },
        ];
  const add = (path: string) =>
    http.post(apiUrl(path), async ({ request }) => {
      calls.push({
        path,
        body: (await request.json()) as Record<string, unknown>,
        authorization: request.headers.get('authorization'),
      });
      // Answered when the test lets it: the busy state is seen before, whatever the machine's speed.
      await options.held;
      if (options.fail) return HttpResponse.json({ message: 'Server error' }, { status: 500 });
      pieces += 1;
      return HttpResponse.json({ message: 'Added', guest_token: 'guest-token-0123456789' });
    });
  server.use(
    add('guest/cart/add'),
    add('cart/add'),
    http.get(apiUrl('guest/cart'), () => HttpResponse.json({ cart_items: items() })),
    http.get(apiUrl('cart'), () => HttpResponse.json({ cart_items: items() })),
  );
  return calls;
}

const signedIn = {
  auth: { token: 'user-token', userId: 1, email: 'a@b.c', modal: { open: false, view: 'login' as const } },
};

function renderSearch(language: Language = 'en', preloadedState = {}) {
  return renderPage(
    '/search',
    <>
      <SearchPage />
      <CartCount />
    </>,
    { route: '/search', language, preloadedState },
  );
}

const card = (name: string) =>
  screen
    .getAllByTestId('product-card')
    .find((element) => within(element).queryByRole('heading', { name })) as HTMLElement;

describe('add to cart from a product card', () => {
  it.each(['en', 'ar'] as const)(
    '(%s) a guest adds one piece: busy with a spinner and a label, then the toast and the count',
    async (language) => {
      server.use(...catalogHandlers());
      let release = () => undefined as void;
      const held = new Promise<void>((resolve) => (release = resolve));
      const calls = cartServer({ held });
      const { user, store } = renderSearch(language);
      const texts = catalog(language);
      const name = 'Royal Oud';
      await user.click(
        await screen.findByRole('button', { name: texts.ui.add_to_cart.replace('{{name}}', name) }),
      );
      // RTK Query batches its pending state into the next frame: the busy button shows then.
      const busy = await within(card(name)).findByRole('button', {
        name: texts.ui.adding_to_cart.replace('{{name}}', name),
      });
      expect(busy).toBeDisabled();
      expect(busy).toHaveAttribute('aria-busy', 'true');
      expect(busy.querySelector('.spinner-border')).not.toBeNull();
      // Another card is not busy meanwhile.
      expect(
        screen.getByRole('button', { name: texts.ui.add_to_cart.replace('{{name}}', 'Musk Al Tahara') }),
      ).toBeEnabled();
      release();
      expect(await screen.findByText(texts.product.added_to_cart)).toBeInTheDocument();
      expect(calls).toEqual([
        {
          path: 'guest/cart/add',
          body: { product_id: 1, quantity: 1, size: null, color: null, currency: 'KWD' },
          authorization: null,
        },
      ]);
      expect(store.getState().cart.guestToken).toBe('guest-token-0123456789');
      await waitFor(() => expect(screen.getByTestId('cart-count')).toHaveTextContent('1'));
      expect(
        within(card(name)).getByRole('button', { name: texts.ui.add_to_cart.replace('{{name}}', name) }),
      ).toBeEnabled();
    },
  );

  it('a signed-in shopper adds to the user cart with the bearer token', async () => {
    server.use(...catalogHandlers());
    const calls = cartServer();
    const { user } = renderSearch('en', signedIn);
    await user.click(await screen.findByRole('button', { name: 'Add to cart: Grey Abaya' }));
    expect(await screen.findByText('The product was added to your cart')).toBeInTheDocument();
    expect(calls).toEqual([
      {
        path: 'cart/add',
        body: { product_id: 5, quantity: 1, size: null, color: null, currency: 'KWD' },
        authorization: 'Bearer user-token',
      },
    ]);
  });

  it.each(['en', 'ar'] as const)(
    '(%s) a failed add says so and frees the button; nothing is stored',
    async (language) => {
      server.use(...catalogHandlers());
      cartServer({ fail: true });
      const { user, store } = renderSearch(language);
      const label = catalog(language).ui.add_to_cart.replace('{{name}}', 'Royal Oud');
      await user.click(await screen.findByRole('button', { name: label }));
      expect(await screen.findByText(catalog(language).product.error_adding_to_cart)).toBeInTheDocument();
      await waitFor(() => expect(screen.getByRole('button', { name: label })).toBeEnabled());
      expect(store.getState().cart.guestToken).toBeNull();
    },
  );

  it.each(['en', 'ar'] as const)(
    '(%s) several sizes or colours: the card leads to the product page to choose',
    async (language) => {
      server.use(...catalogHandlers());
      const calls = cartServer();
      const { user } = renderSearch(language);
      const texts = catalog(language);
      const choose = await screen.findByRole('link', {
        name: texts.ui.choose_options.replace('{{name}}', 'Black Abaya'),
      });
      expect(choose).toHaveTextContent(texts.ui.choose_options_short);
      await user.click(choose);
      expect(screen.getByTestId('location')).toHaveTextContent('/product/4');
      expect(calls).toEqual([]);
    },
  );

  it('one size and one colour: the card adds them', async () => {
    const single = makeProduct({
      id: 7,
      name: 'Silk Scarf',
      attributes: [
        { attribute_name: 'المقاس', sub_attributes: [{ id: 21, name: 'One size' }] },
        { attribute_name: 'color', sub_attributes: [{ id: 22, name: 'Red' }] },
      ],
    });
    server.use(...catalogHandlers({ categories: [makeCategory(1, 'Perfumes', [single])] }));
    const calls = cartServer();
    const { user } = renderSearch();
    await user.click(await screen.findByRole('button', { name: 'Add to cart: Silk Scarf' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]?.body).toEqual({
      product_id: 7,
      quantity: 1,
      size: 'One size',
      color: 'Red',
      currency: 'KWD',
    });
  });

  it.each(['en', 'ar'] as const)(
    '(%s) out of stock: the button is disabled and says so',
    async (language) => {
      const soldOut = makeProduct({ id: 8, name: 'Rare Oud', stock_quantity: 0 });
      server.use(...catalogHandlers({ categories: [makeCategory(1, 'Perfumes', [soldOut])] }));
      renderSearch(language);
      const texts = catalog(language);
      const button = await screen.findByRole('button', {
        name: texts.ui.sold_out.replace('{{name}}', 'Rare Oud'),
      });
      expect(button).toBeDisabled();
      expect(button).toHaveTextContent(texts.ui.out_of_stock);
    },
  );

  it.each(['en', 'ar'] as const)(
    '(%s) without a currency the shopper is asked to choose a country',
    async (language) => {
      server.use(...catalogHandlers());
      const calls = cartServer();
      const { user } = renderSearch(language, { settings: { currency: '' } });
      await user.click(
        await screen.findByRole('button', {
          name: catalog(language).ui.add_to_cart.replace('{{name}}', 'Royal Oud'),
        }),
      );
      expect(
        await screen.findByText(catalog(language).product.select_country_from_profile_first),
      ).toBeInTheDocument();
      expect(calls).toEqual([]);
    },
  );
});

describe('links of a card', () => {
  it("is one link to its product, its name's, which covers the card; the picture is none of its own", async () => {
    server.use(...catalogHandlers());
    cartServer();
    renderSearch();
    await screen.findByRole('button', { name: 'Add to cart: Royal Oud' });
    const royalOud = card('Royal Oud');
    const links = royalOud.querySelectorAll('a');
    expect(links).toHaveLength(1);
    expect(within(royalOud).getByRole('link', { name: 'Royal Oud' })).toHaveClass('stretched-link');
    expect(links[0]).toHaveAttribute('href', '/product/1');
    expect(royalOud.querySelector('img')?.closest('a')).toBeNull();
  });
});
