import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';

import { signedIn } from '../../../app/events';
import { apiUrl, server } from '../../../testing/server';
import { selectPendingAdd } from '../../cart/public';
import { makeCategory, makeProduct, makeReview, sampleCategories } from '../testing/fixtures';
import { catalogHandlers, failing } from '../testing/handlers';
import { renderPage } from '../testing/renderPage';
import type { Category } from '../types';
import ProductPage from './ProductPage';

type Preloaded = Parameters<typeof renderPage>[2]['preloadedState'];

const render = (id: number | string, language: 'en' | 'ar' = 'en', preloadedState?: Preloaded) =>
  renderPage('/product/:id', <ProductPage />, { route: `/product/${id}`, language, preloadedState });

interface CartCall {
  path: string;
  body: Record<string, unknown>;
}

function cartHandlers(calls: CartCall[], userStatus = 200) {
  return [
    http.post(apiUrl('guest/cart/add'), async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      calls.push({ path: 'guest/cart/add', body });
      return HttpResponse.json({
        message: 'Added',
        cart_item: { id: 1 },
        guest_token: body.guest_token ?? 'guest-abc',
      });
    }),
    http.post(apiUrl('cart/add'), async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      calls.push({ path: `cart/add ${request.headers.get('authorization')}`, body });
      return userStatus === 200
        ? HttpResponse.json({ message: 'Added', cart_item: { id: 2 } })
        : HttpResponse.json({ message: 'Unauthenticated.' }, { status: userStatus });
    }),
  ];
}

function withProduct(product: ReturnType<typeof makeProduct>): Category[] {
  return [...sampleCategories, makeCategory(3, product.category, [product])];
}

describe('ProductPage', () => {
  it('shows a skeleton, then the product with unit and total price', async () => {
    server.use(...catalogHandlers());
    const { user } = render(4);
    expect(screen.getByTestId('product-skeleton')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: 'Black Abaya' })).toBeInTheDocument();
    expect(screen.getByTestId('unit-price')).toHaveTextContent('KWD 36.00');
    expect(screen.getByTestId('unit-price')).toHaveTextContent('KWD 45.00');
    await user.click(screen.getByRole('button', { name: 'Increase quantity' }));
    await user.click(screen.getByRole('button', { name: 'Increase quantity' }));
    expect(screen.getByTestId('total-price')).toHaveTextContent('KWD 108.00');
    const minus = screen.getByRole('button', { name: 'Decrease quantity' });
    await user.click(minus);
    await user.click(minus);
    expect(minus).toBeDisabled();
    expect(screen.getByRole('spinbutton', { name: 'Quantity' })).toHaveValue(1);
  });

  it('gives the detail and the reviews keys of their own (React warned of two children with one key)', async () => {
    server.use(...catalogHandlers());
    const errors = jest.spyOn(console, 'error');
    render(4);
    await screen.findByRole('heading', { level: 1, name: 'Black Abaya' });
    expect(errors.mock.calls.map((call) => String(call[0]))).not.toContainEqual(
      expect.stringContaining('two children with the same key'),
    );
    errors.mockRestore();
  });

  it('asks for the currency in the query and Arabic in Arabic mode', async () => {
    const calls: string[] = [];
    server.use(...catalogHandlers({}, calls));
    render(4, 'ar');
    await screen.findByRole('heading', { level: 1 });
    expect(calls).toContain('GET /products/4?lang=ar&currency_code=KWD');
  });

  it("says 'Product not found' for an unknown product", async () => {
    server.use(...catalogHandlers());
    render(999);
    expect(await screen.findByText('Product not found')).toBeInTheDocument();
  });

  it('says the product could not be loaded when the server fails (not "not found", no skeleton forever)', async () => {
    server.use(failing('products/:id'), ...catalogHandlers());
    render(4);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The product could not be loaded.');
    expect(alert).toHaveTextContent('Something went wrong while loading this page.');
    expect(screen.queryByText('Product not found')).not.toBeInTheDocument();
    expect(screen.queryByTestId('product-skeleton')).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 1, name: 'Black Abaya' })).not.toBeInTheDocument();
  });

  it('in Arabic the load failure is Arabic', async () => {
    server.use(failing('products/:id'), ...catalogHandlers());
    render(4, 'ar');
    expect(await screen.findByRole('alert')).toHaveTextContent('تعذّر تحميل المنتج.');
  });

  it('with the shop unreachable it says so, and its retry shows the product once the shop answers', async () => {
    server.use(
      http.get(apiUrl('products/:id'), () => HttpResponse.error()),
      ...catalogHandlers(),
    );
    const { user } = render(4);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The shop cannot be reached right now.');
    // The shop answers again. Not resetHandlers(...handlers): that would replace the default handlers for the rest of
    // the file (the signed-in tests' favorites call went unhandled).
    server.resetHandlers();
    server.use(...catalogHandlers());
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Black Abaya' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('when only the reviews fail, the product shows and the reviews say they could not be loaded', async () => {
    server.use(failing('reviews'), ...catalogHandlers());
    render(4);
    expect(await screen.findByRole('heading', { level: 1, name: 'Black Abaya' })).toBeInTheDocument();
    const reviews = screen
      .getByRole('heading', { level: 2, name: 'Reviews' })
      .closest('section') as HTMLElement;
    expect(await within(reviews).findByRole('alert')).toHaveTextContent('Reviews could not be loaded.');
    expect(within(reviews).queryByTestId('review-list')).not.toBeInTheDocument();
    expect(within(reviews).queryByTestId('rating-average')).not.toBeInTheDocument();
    // The rest of the page still works.
    expect(screen.getByRole('button', { name: 'Add to cart' })).toBeEnabled();
  });

  it("says 'Product not found' for an id that is no number, without a call", async () => {
    server.use(...catalogHandlers());
    render('abc');
    expect(screen.getByText('Product not found')).toBeInTheDocument();
  });

  it('refuses to add without size and colour: "Please select product details" (Arabic variant too)', async () => {
    server.use(...catalogHandlers());
    const { user } = render(4);
    await user.click(await screen.findByRole('button', { name: 'Add to cart' }));
    expect(screen.getByTestId('add-refusal')).toHaveTextContent('Please select product details');
    // The toast too (it comes a task or two later: find* would stop at the first of the two).
    await waitFor(() => expect(screen.getAllByText('Please select product details')).toHaveLength(2));
  });

  it('Arabic mode shows the Arabic refusal', async () => {
    server.use(...catalogHandlers());
    const { user } = render(4, 'ar');
    await user.click(await screen.findByRole('button', { name: 'أضف إلى السلة' }));
    expect(screen.getByTestId('add-refusal')).toHaveTextContent('يرجى اختيار تفاصيل المنتج');
  });

  it('refuses an out-of-stock product', async () => {
    const product = makeProduct({
      id: 40,
      category: 'Extra',
      stock_quantity: 0,
      stock_warning: { warning_en: 'Out of stock', warning_ar: 'نفدت الكمية' },
    });
    server.use(...catalogHandlers({ categories: withProduct(product) }));
    const { user } = render(40);
    await user.click(await screen.findByRole('button', { name: 'Add to cart' }));
    expect(screen.getByTestId('add-refusal')).toHaveTextContent(
      'This product is out of stock and cannot be added to the cart',
    );
  });

  it('refuses without a chosen currency and points to the profile country', async () => {
    server.use(...catalogHandlers());
    const { user } = render(1, 'en', { settings: { language: 'en', currency: '' } });
    await user.click(await screen.findByRole('button', { name: 'Add to cart' }));
    expect(screen.getByTestId('add-refusal')).toHaveTextContent(
      'Please select your country from your profile first',
    );
  });

  it('a guest adds with size and colour; the first add stores the issued guest token', async () => {
    const calls: CartCall[] = [];
    server.use(...catalogHandlers(), ...cartHandlers(calls));
    const { user, store } = render(4);
    await screen.findByRole('heading', { level: 1 });
    await user.click(screen.getByRole('radio', { name: 'Navy' }));
    await user.click(screen.getByRole('radio', { name: 'L' }));
    await user.click(screen.getByRole('button', { name: 'Increase quantity' }));
    await user.click(screen.getByRole('button', { name: 'Add to cart' }));
    expect(await screen.findByText('The product was added to your cart')).toBeInTheDocument();
    expect(calls).toEqual([
      {
        path: 'guest/cart/add',
        body: { product_id: 4, quantity: 2, size: 'L', color: 'Navy', currency: 'KWD' },
      },
    ]);
    expect(store.getState().cart.guestToken).toBe('guest-abc');
    // The second add sends the stored token.
    await user.click(screen.getByRole('button', { name: 'Add to cart' }));
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(calls[1]?.body.guest_token).toBe('guest-abc');
  });

  it('the button is busy while the add is out, once, and answers again when it is back', async () => {
    let answer: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => {
      answer = resolve;
    });
    const calls: CartCall[] = [];
    server.use(
      ...catalogHandlers(),
      http.post(apiUrl('guest/cart/add'), async ({ request }) => {
        calls.push({ path: 'guest/cart/add', body: (await request.json()) as Record<string, unknown> });
        await answered;
        return HttpResponse.json({ message: 'Added', cart_item: { id: 1 }, guest_token: 'guest-abc' });
      }),
    );
    const { user } = render(4);
    await screen.findByRole('heading', { level: 1 });
    await user.click(screen.getByRole('radio', { name: 'Navy' }));
    await user.click(screen.getByRole('radio', { name: 'L' }));
    await user.click(screen.getByRole('button', { name: 'Add to cart' }));
    // RTK Query batches the add's pending state into the next frame: the busy button shows then.
    const busy = await screen.findByRole('button', { name: 'Adding to cart…' });
    expect(busy).toBeDisabled();
    expect(busy).toHaveAttribute('aria-busy', 'true');
    // A second tap while it is out adds nothing more.
    await user.click(busy);
    answer();
    expect(await screen.findByRole('button', { name: 'Add to cart' })).toBeEnabled();
    expect(calls).toHaveLength(1);
  });

  describe('the per-order cap from /config.js', () => {
    const published = window.__SHOP_CONFIG__;
    beforeEach(() => {
      window.__SHOP_CONFIG__ = { ...published, maxQuantityPerProduct: 3 };
    });
    afterEach(() => {
      window.__SHOP_CONFIG__ = published;
    });

    it.each([
      ['en', 'Increase quantity', 'Quantity', 'Navy', 'L', 'Add to cart', 'At most 3 pieces per order.'],
      ['ar', 'زيادة الكمية', 'الكمية', 'Navy', 'L', 'أضف إلى السلة', '3 قطع كحد أقصى للطلب الواحد.'],
    ] as const)(
      '(%s) plus stops at the cap, a typed quantity above it is brought down, and the shopper is told',
      async (language, increase, quantityLabel, colour, size, addLabel, hint) => {
        const calls: CartCall[] = [];
        server.use(...catalogHandlers(), ...cartHandlers(calls));
        const { user } = render(4, language);
        await screen.findByRole('heading', { level: 1 });
        const plus = screen.getByRole('button', { name: increase });
        await user.click(plus);
        await user.click(plus);
        expect(plus).toBeDisabled();
        expect(screen.getByTestId('quantity-limit')).toHaveTextContent(hint);
        const field = screen.getByRole('spinbutton', { name: quantityLabel });
        await user.clear(field);
        await user.type(field, '40');
        expect(screen.getByTestId('quantity-limit')).toHaveTextContent(hint);
        await user.click(screen.getByRole('radio', { name: colour }));
        await user.click(screen.getByRole('radio', { name: size }));
        await user.click(screen.getByRole('button', { name: addLabel }));
        await waitFor(() => expect(calls).toHaveLength(1));
        expect(calls[0]?.body.quantity).toBe(3);
        expect(field).toHaveValue(3);
      },
    );
  });

  it.each([
    ['en', 'Increase quantity', 'Only 2 pieces are available.'],
    ['ar', 'زيادة الكمية', 'المتوفر 2 قطعة فقط.'],
  ] as const)('(%s) plus stops at the stock, and the shopper is told', async (language, increase, said) => {
    const product = makeProduct({ id: 41, category: 'Extra', stock_quantity: 2 });
    server.use(...catalogHandlers({ categories: withProduct(product) }));
    const { user } = render(41, language);
    await screen.findByRole('heading', { level: 1 });
    const plus = screen.getByRole('button', { name: increase });
    await user.click(plus);
    expect(plus).toBeDisabled();
    expect(screen.getByTestId('quantity-limit')).toHaveTextContent(said);
  });

  it.each([
    [
      'en',
      'Add to cart',
      'Only 4 pieces of this product are available, counting those already in your cart.',
    ],
    ['ar', 'أضف إلى السلة', 'المتوفر من هذا المنتج 4 قطع فقط، بما في ذلك ما في سلتك.'],
  ] as const)(
    '(%s) an add the server refuses for its stock says how many there are',
    async (language, addLabel, said) => {
      const message = 'The quantity may not be greater than the available stock (4).';
      server.use(
        ...catalogHandlers(),
        http.post(apiUrl('guest/cart/add'), () =>
          HttpResponse.json({ message, errors: { quantity: [message] } }, { status: 422 }),
        ),
      );
      const { user } = render(4, language);
      await screen.findByRole('heading', { level: 1 });
      await user.click(screen.getByRole('radio', { name: 'Navy' }));
      await user.click(screen.getByRole('radio', { name: 'L' }));
      await user.click(screen.getByRole('button', { name: addLabel }));
      expect(await screen.findByText(said)).toBeInTheDocument();
    },
  );

  it.each([
    ['en', 'Add to cart', 'Your cart cannot hold more than 10 pieces of this product'],
    ['ar', 'أضف إلى السلة', 'لا يمكن أن تحتوي سلتك على أكثر من 10 قطع من هذا المنتج'],
  ] as const)('(%s) an add the server refuses for the cap says so', async (language, addLabel, said) => {
    const message = 'The quantity may not be greater than the limit per order (10).';
    server.use(
      ...catalogHandlers(),
      http.post(apiUrl('guest/cart/add'), () =>
        HttpResponse.json({ message, errors: { quantity: [message] } }, { status: 422 }),
      ),
    );
    const { user } = render(4, language);
    await screen.findByRole('heading', { level: 1 });
    await user.click(screen.getByRole('radio', { name: 'Navy' }));
    await user.click(screen.getByRole('radio', { name: 'L' }));
    await user.click(screen.getByRole('button', { name: addLabel }));
    expect(await screen.findByText(new RegExp(said))).toBeInTheDocument();
  });

  it('the quantity field can be emptied and retyped; it is clamped to 1 or more on blur and when adding', async () => {
    const calls: CartCall[] = [];
    server.use(...catalogHandlers(), ...cartHandlers(calls));
    const { user } = render(4);
    await screen.findByRole('heading', { level: 1 });
    const field = screen.getByRole('spinbutton', { name: 'Quantity' });
    await user.clear(field);
    expect(field).toHaveDisplayValue('');
    await user.type(field, '5');
    expect(field).toHaveValue(5);
    expect(screen.getByTestId('total-price')).toHaveTextContent('KWD 180.00');
    await user.click(screen.getByRole('radio', { name: 'Navy' }));
    await user.click(screen.getByRole('radio', { name: 'L' }));
    await user.click(screen.getByRole('button', { name: 'Add to cart' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]?.body.quantity).toBe(5);

    await user.clear(field);
    await user.tab();
    expect(field).toHaveValue(1);
    await user.clear(field);
    await user.type(field, '0');
    await user.click(screen.getByRole('button', { name: 'Add to cart' }));
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(calls[1]?.body.quantity).toBe(1);
    expect(field).toHaveValue(1);
  });

  it('a failed add says "Error adding to cart"', async () => {
    server.use(
      http.post(apiUrl('guest/cart/add'), () => HttpResponse.json({ message: 'no' }, { status: 500 })),
      ...catalogHandlers(),
    );
    const { user } = render(1);
    await user.click(await screen.findByRole('button', { name: 'Add to cart' }));
    expect(await screen.findByText('Error adding to cart. Please try again.')).toBeInTheDocument();
  });

  it('a signed-in add refused with 401 opens the login dialog and is retried after signing in', async () => {
    const calls: CartCall[] = [];
    server.use(...catalogHandlers(), ...cartHandlers(calls, 401));
    const { user, store } = render(1, 'en', {
      auth: { token: 'old-token', userId: 7, email: 'a@b.c', modal: { open: false, view: 'login' } },
    });
    await user.click(await screen.findByRole('button', { name: 'Add to cart' }));
    await waitFor(() => expect(store.getState().auth.modal.open).toBe(true));
    expect(selectPendingAdd(store.getState())).toMatchObject({ product_id: 1, quantity: 1 });
    server.use(...cartHandlers(calls, 200));
    // The sign-in re-renders the page's signed-in parts (the heart, the review form) at once.
    act(() => {
      store.dispatch(signedIn({ token: 'new-token', userId: 7, email: 'a@b.c' }));
    });
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(calls[1]?.path).toBe('cart/add Bearer new-token');
    expect(await screen.findByText('The product was added to your cart')).toBeInTheDocument();
    expect(selectPendingAdd(store.getState())).toBeNull();
  });

  it.each([
    [{ stock_quantity: 12, stock_warning: null }, 'Available 12 pieces'],
    [
      { stock_quantity: 4, stock_warning: { warning_en: 'Only 4 left in stock', warning_ar: 'x' } },
      'Only 4 left in stock',
    ],
    [{ stock_quantity: -3, stock_warning: null }, 'There is no available quantity!'],
  ])('stock text for %p', async (stock, text) => {
    const product = makeProduct({ id: 41, category: 'Extra', ...stock });
    server.use(...catalogHandlers({ categories: withProduct(product) }));
    render(41);
    expect(await screen.findByTestId('stock-text')).toHaveTextContent(text);
  });

  it('colour names map to swatches, English and Arabic', async () => {
    const product = makeProduct({
      id: 42,
      category: 'Extra',
      attributes: [
        {
          attribute_name: 'اللون',
          sub_attributes: [
            { id: 1, name: 'أسود' },
            { id: 2, name: 'لامع' },
          ],
        },
      ],
    });
    server.use(...catalogHandlers({ categories: withProduct(product) }));
    render(42, 'ar');
    const swatch = await screen.findByRole('radio', { name: 'أسود' });
    expect(swatch).toHaveClass('colour-swatch');
    expect(swatch).toHaveStyle({ backgroundColor: '#1f2328' });
    expect(screen.getByRole('radio', { name: 'لامع' })).not.toHaveClass('colour-swatch');
  });

  it('shows approved reviews only, 3 per page, with the rating summary', async () => {
    const reviews = [
      ...Array.from({ length: 5 }, (_, index) =>
        makeReview({ id: index + 1, rating: index < 3 ? 5 : 4, created_at: '2024-02-09T10:00:00.000Z' }),
      ),
      makeReview({ id: 9, status: 'pending', user_name: 'Hidden shopper' }),
      makeReview({ id: 10, product_id: 1, user_name: 'Other product' }),
    ];
    server.use(...catalogHandlers({ reviews }));
    const { user } = render(4);
    const list = await screen.findByTestId('review-list');
    expect(within(list).getAllByTestId('review')).toHaveLength(3);
    expect(within(list).getByText('Shopper 1')).toBeInTheDocument();
    expect(within(list).getAllByText('09/02/2024')).toHaveLength(3);
    expect(screen.queryByText('Hidden shopper')).not.toBeInTheDocument();
    expect(screen.queryByText('Other product')).not.toBeInTheDocument();
    expect(screen.getByTestId('rating-average')).toHaveTextContent('4.8');
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(within(screen.getByTestId('review-list')).getAllByTestId('review')).toHaveLength(2);
  });

  it.each(['en', 'ar'] as const)(
    '%s: the header and the reviews summary show one rating, the one the server gives',
    async (language) => {
      // Product 4 is rated 4.8; the reviews at hand alone would average 3.0 (the server counts every approved one).
      const reviews = [makeReview({ id: 1, rating: 2 }), makeReview({ id: 2, rating: 4 })];
      server.use(...catalogHandlers({ reviews }));
      render(4, language);
      const summary = await screen.findByTestId('rating-summary');
      expect(within(summary).getByTestId('rating-average')).toHaveTextContent('4.8');
      expect(screen.getByTestId('product-rating')).toHaveTextContent('4.8');
      const stars = screen.getAllByRole('img', { name: /4\.8/ });
      expect(stars).toHaveLength(2);
    },
  );

  it.each(['en', 'ar'] as const)(
    "%s: reviewers' names and review texts are isolated from the page direction",
    async (language) => {
      const reviews = [
        makeReview({ id: 1, user_name: 'Ahmed K.', review: 'منتج رائع وجودة ممتازة.' }),
        makeReview({ id: 2, user_name: 'هيا الرشيد', review: 'Exactly as described, will order again.' }),
      ];
      server.use(...catalogHandlers({ reviews }));
      render(4, language);
      const list = await screen.findByTestId('review-list');
      for (const name of ['Ahmed K.', 'هيا الرشيد']) {
        expect(within(list).getByText(name).tagName).toBe('BDI');
      }
      for (const text of ['منتج رائع وجودة ممتازة.', 'Exactly as described, will order again.']) {
        expect(within(list).getByText(text)).toHaveAttribute('dir', 'auto');
      }
    },
  );

  it.each([
    ['en', 'A customer'],
    ['ar', 'أحد العملاء'],
  ] as const)('%s: a review of a deleted account shows a neutral name', async (language, neutral) => {
    server.use(
      ...catalogHandlers({ reviews: [makeReview({ id: 1, user_name: '', review: 'Still true.' })] }),
    );
    render(4, language);
    const list = await screen.findByTestId('review-list');
    expect(within(list).getByText(neutral).tagName).toBe('BDI');
    expect(within(list).getByText('Still true.')).toBeInTheDocument();
  });

  it('signed out: a log-in button instead of the review form', async () => {
    server.use(...catalogHandlers());
    const { user, store } = render(4);
    await user.click(await screen.findByRole('button', { name: 'Log in to write a review' }));
    expect(store.getState().auth.modal.open).toBe(true);
  });

  it('signed in: the review form sends user_id, product_id, rating and review', async () => {
    let sent: unknown;
    server.use(
      http.post(apiUrl('reviews/add'), async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json(
          { message: 'Thank you! Your review will appear once it is approved.' },
          { status: 201 },
        );
      }),
      ...catalogHandlers(),
    );
    const { user } = render(4, 'en', {
      auth: { token: 't', userId: 7, email: 'a@b.c', modal: { open: false, view: 'login' } },
    });
    const submit = await screen.findByRole('button', { name: 'Submit review' });
    expect(submit).toBeDisabled();
    await user.click(screen.getByRole('radio', { name: '4 stars' }));
    expect(submit).toBeDisabled();
    await user.type(screen.getByLabelText('Your review'), 'Lovely fabric');
    await user.click(submit);
    expect(await screen.findByText(/will appear once it is approved/)).toBeInTheDocument();
    expect(sent).toEqual({ user_id: 7, product_id: 4, rating: 4, review: 'Lovely fabric' });
  });

  describe("review answers are always our own texts in the shopper's language", () => {
    const signedInState = {
      auth: { token: 't', userId: 7, email: 'a@b.c', modal: { open: false, view: 'login' as const } },
    };
    const answering = (status: number, message: string) =>
      http.post(apiUrl('reviews/add'), () => HttpResponse.json({ message }, { status }));

    async function sendReview(language: 'en' | 'ar', submitName: string, starsName: string) {
      const { user } = render(4, language, signedInState);
      await user.click(await screen.findByRole('radio', { name: starsName }));
      await user.type(screen.getByLabelText(language === 'ar' ? 'رأيك' : 'Your review'), 'Great');
      await user.click(screen.getByRole('button', { name: submitName }));
    }

    it('a 403 says a review needs a completed order (English), not the server wording', async () => {
      server.use(answering(403, 'Server wording: completed orders only.'), ...catalogHandlers());
      await sendReview('en', 'Submit review', '5 stars');
      const alert = await screen.findByRole('alert', { name: '' });
      expect(alert).toHaveTextContent(
        'You can review a product only after an order with it has been completed.',
      );
      expect(alert).not.toHaveTextContent('Server wording');
    });

    it('a 403 in Arabic is Arabic', async () => {
      server.use(
        answering(403, 'You can only review products from your completed orders.'),
        ...catalogHandlers(),
      );
      await sendReview('ar', 'إرسال التقييم', 'نجمة واحدة');
      expect(await screen.findByRole('alert', { name: '' })).toHaveTextContent(
        'يمكنك تقييم المنتج فقط بعد اكتمال طلب يحتوي عليه.',
      );
      expect(screen.queryByText(/completed orders/)).not.toBeInTheDocument();
    });

    it('any other failure gives the generic translated text', async () => {
      server.use(answering(500, 'SQLSTATE[23000]: something broke'), ...catalogHandlers());
      await sendReview('ar', 'إرسال التقييم', 'نجمة واحدة');
      expect(await screen.findByRole('alert', { name: '' })).toHaveTextContent('تعذّر إرسال تقييمك');
      expect(screen.queryByText(/SQLSTATE/)).not.toBeInTheDocument();
    });

    it('a success in Arabic thanks in Arabic', async () => {
      server.use(
        answering(201, 'Thank you! Your review will appear once it is approved.'),
        ...catalogHandlers(),
      );
      await sendReview('ar', 'إرسال التقييم', 'نجمة واحدة');
      expect(await screen.findByText('شكرًا لتقييمك، سيظهر بعد اعتماده.')).toBeInTheDocument();
      expect(screen.queryByText(/will appear once/)).not.toBeInTheDocument();
    });
  });

  it('the discount badge reads "-20%" in Arabic too (left to right)', async () => {
    server.use(...catalogHandlers());
    render(4, 'ar');
    const badge = await screen.findByText('-20%');
    expect(badge).toHaveAttribute('dir', 'ltr');
  });

  it('another product starts on its first review page', async () => {
    const reviews = [
      ...Array.from({ length: 5 }, (_, index) => makeReview({ id: index + 1 })),
      ...Array.from({ length: 5 }, (_, index) => makeReview({ id: index + 11, product_id: 5 })),
    ];
    server.use(...catalogHandlers({ reviews }));
    // Grey Abaya first, so coming back to it later is answered from the cache without a skeleton in between.
    const { user } = render(5);
    expect(await screen.findByText('Review number 11')).toBeInTheDocument();
    const similar = await screen.findByRole('region', { name: 'Similar products' });
    // The similar products' cards render after the page's top (a deferred value): wait for them.
    await user.click(
      (await within(similar).findAllByRole('link', { name: /Black Abaya/ }))[0] as HTMLElement,
    );
    expect(await screen.findByText('Review number 1')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(screen.getByText('Review number 4')).toBeInTheDocument();
    const similarAgain = await screen.findByRole('region', { name: 'Similar products' });
    await user.click(
      (await within(similarAgain).findAllByRole('link', { name: /Grey Abaya/ }))[0] as HTMLElement,
    );
    expect(await screen.findByText('Review number 11')).toBeInTheDocument();
    expect(screen.queryByText('Review number 14')).not.toBeInTheDocument();
  });

  it('lists similar products of the same category and recommended ones rated 3 or more', async () => {
    server.use(...catalogHandlers());
    render(4);
    const similar = await screen.findByRole('region', { name: 'Similar products' });
    expect(await within(similar).findAllByTestId('product-card')).toHaveLength(1);
    expect(within(similar).getByText('Grey Abaya')).toBeInTheDocument();
    const recommended = screen.getByRole('region', { name: 'Recommended for you' });
    const names = within(recommended)
      .getAllByTestId('product-card')
      .map((card) => within(card).getByRole('heading').textContent);
    expect(names).not.toContain('Black Abaya');
    expect(names).not.toContain('Amber Nights');
  });

  it("the estimated delivery is 20 days from today in Kuwait's calendar", async () => {
    server.use(...catalogHandlers());
    render(1);
    const expected = new Date(Date.now() + 20 * 24 * 60 * 60 * 1000);
    const inKuwait = (part: 'day' | 'month' | 'year') =>
      new Intl.DateTimeFormat('en-US', {
        timeZone: 'Asia/Kuwait',
        [part]: part === 'year' ? 'numeric' : '2-digit',
      })
        .formatToParts(expected)
        .find((piece) => piece.type === part)?.value;
    expect(await screen.findByTestId('estimated-delivery')).toHaveTextContent(
      `${inKuwait('day')}/${inKuwait('month')}/${inKuwait('year')}`,
    );
  });
});
