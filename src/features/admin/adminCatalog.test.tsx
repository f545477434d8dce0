import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';

// The test watches the storefront's cache (RTK Query's answers, the home lists among them) go stale.
// eslint-disable-next-line import-x/no-restricted-paths
import { catalogApi } from '../catalog/catalogApi';
import { makeAdminReview, makeAdminShop } from '../../testing/handlers/admin';
import { apiUrl, server } from '../../testing/server';
import { enterText } from '../../testing/enterText';
import { renderAdmin } from './testing';

/** Counts the storefront's calls for a product's page and its reviews (a shop page open in this browser). */
function watchShop(productId: number) {
  const calls = { product: 0, reviews: 0 };
  server.use(
    http.get(apiUrl(`products/${productId}`), () => {
      calls.product += 1;
      return HttpResponse.json({ id: productId });
    }),
    http.get(apiUrl('reviews'), () => {
      calls.reviews += 1;
      return HttpResponse.json([]);
    }),
  );
  return calls;
}

describe('reviews', () => {
  it('approving a pending review takes it off the queue and makes the shop ask again for its product’s reviews and rating', async () => {
    const { user, store, shop } = renderAdmin('/admin/reviews');
    const calls = watchShop(101);
    const reviews = store.dispatch(catalogApi.endpoints.getReviews.initiate({ productId: 101, lang: 'en' }));
    const product = store.dispatch(
      catalogApi.endpoints.getProduct.initiate({ id: 101, lang: 'en', currency: 'KWD' }),
    );
    await waitFor(() => expect(calls).toEqual({ product: 1, reviews: 1 }));

    const table = await screen.findByTestId('reviews-table');
    expect(within(table).getByText('Lovely scent')).toBeInTheDocument();
    await user.click(within(table).getByTestId('approve-review'));
    expect(await screen.findByText('The review shows on the product’s page now.')).toBeInTheDocument();
    await waitFor(() => expect(calls).toEqual({ product: 2, reviews: 2 }));
    expect(await screen.findByText('No review is waiting.')).toBeInTheDocument();
    expect(shop.reviews[0]?.status).toBe('approved');
    reviews.unsubscribe();
    product.unsubscribe();
  });

  it('the approved tab shows the decision in the review’s history, and it can be taken back', async () => {
    const shop = makeAdminShop();
    shop.reviews = [
      makeAdminReview(4, {
        status: 'approved',
        audit: [
          {
            id: 9,
            action: 'review.approved',
            subject_type: 'review',
            subject_id: 4,
            actor: { id: 1, name: 'Owner', email: 'owner@shop.test' },
            before: { status: 'pending' },
            after: { status: 'approved' },
            created_at: '2026-11-21T10:00:00Z',
          },
        ],
      }),
    ];
    const { user } = renderAdmin('/admin/reviews', { shop });
    await user.click(await screen.findByRole('button', { name: 'Approved' }));
    const table = await screen.findByTestId('reviews-table');
    expect(await within(table).findByText('Approved', { selector: 'strong' })).toBeInTheDocument();
    expect(within(table).queryByTestId('approve-review')).not.toBeInTheDocument();
    await user.click(within(table).getByTestId('reject-review'));
    expect(await screen.findByText('The review is rejected and will not show.')).toBeInTheDocument();
  });
});

describe('products', () => {
  it('lists with search and the stock filter; out of stock is said in words', async () => {
    const { user, shop } = renderAdmin('/admin/products');
    const table = await screen.findByTestId('products-table');
    expect(within(table).getAllByTestId('product-link')).toHaveLength(2);
    expect(within(table).getByText('Out of stock')).toBeInTheDocument();
    const area = within(screen.getByTestId('admin-area'));
    await enterText(user, area.getByLabelText('Search products'), 'perfume 101');
    await user.click(area.getByRole('button', { name: 'Search' }));
    await waitFor(() =>
      expect(within(screen.getByTestId('products-table')).getAllByTestId('product-link')).toHaveLength(1),
    );
    await user.selectOptions(area.getByLabelText('Stock'), 'out');
    await waitFor(() =>
      expect(shop.calls.filter((call) => call.path === 'admin/products').at(-1)?.query).toMatchObject({
        search: 'perfume 101',
        stock: 'out',
        page: '1',
      }),
    );
  });

  it('a stock change sends only what changed, shows in the history, and makes the shop’s cached product stale (asked for again)', async () => {
    const { user, store, shop } = renderAdmin('/admin/products/101');
    const calls = watchShop(101);
    const product = store.dispatch(
      catalogApi.endpoints.getProduct.initiate({ id: 101, lang: 'en', currency: 'KWD' }),
    );
    await waitFor(() => expect(calls.product).toBe(1));

    const stock = await screen.findByLabelText('Pieces in stock');
    await user.clear(stock);
    await enterText(user, stock, '0');
    await user.click(screen.getByTestId('save-product'));
    expect(await screen.findByText('Saved. The shop shows it now.')).toBeInTheDocument();
    expect(shop.calls.find((call) => call.method === 'PUT')?.body).toEqual({
      stock_quantity: 0,
      expected_stock_quantity: 5,
    });
    await waitFor(() => expect(calls.product).toBe(2));
    expect(
      within(await screen.findByTestId('audit-trail')).getByText('stock_quantity: 5 → 0'),
    ).toBeInTheDocument();
    product.unsubscribe();
  });

  it('checks prices before sending: a discount must be below the price', async () => {
    const { user, shop } = renderAdmin('/admin/products/101');
    const discount = await screen.findByLabelText('Discounted price (KWD)');
    await enterText(user, discount, '25');
    await user.click(screen.getByTestId('save-product'));
    expect(
      await screen.findByText('The discounted price must be above 0 and below the price.'),
    ).toBeInTheDocument();
    expect(shop.calls.some((call) => call.method === 'PUT')).toBe(false);
  });

  it('a new product: names in both languages, category, price, stock and an uploaded picture', async () => {
    const { user, shop } = renderAdmin('/admin/products/new', { language: 'ar' });
    await user.click(await screen.findByRole('button', { name: 'إنشاء المنتج' }));
    expect(await screen.findAllByText('يرجى كتابة الاسم.')).toHaveLength(2);
    expect(screen.getByText('يرجى اختيار فئة.')).toBeInTheDocument();
    await enterText(user, screen.getByLabelText('الاسم بالإنجليزية'), 'Amber');
    await enterText(user, screen.getByLabelText('الاسم بالعربية'), 'عنبر');
    await user.selectOptions(screen.getByLabelText('الفئة'), '1');
    await enterText(user, screen.getByLabelText('السعر (د.ك)'), '12.5');
    await enterText(user, screen.getByLabelText('القطع في المخزون'), '7');
    await user.click(screen.getByRole('button', { name: 'إنشاء المنتج' }));
    expect(await screen.findByText('أضف صورة واحدة على الأقل.')).toBeInTheDocument();
    const picture = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'amber.png', { type: 'image/png' });
    await user.upload(screen.getByLabelText('إضافة صور'), picture);
    await waitFor(() => expect(screen.getByTestId('pictures').querySelectorAll('img')).toHaveLength(1));
    await user.click(screen.getByRole('button', { name: 'إنشاء المنتج' }));
    expect(await screen.findByText('أصبح المنتج في المتجر.')).toBeInTheDocument();
    const created = shop.calls.find((call) => call.method === 'POST' && call.path === 'admin/products');
    expect(created?.body).toMatchObject({
      name_en: 'Amber',
      name_ar: 'عنبر',
      category_id: 1,
      price: 12.5,
      stock_quantity: 7,
      discounted_price: null,
    });
    expect((created?.body as { images: string[] }).images).toHaveLength(1);
  });
});

describe('coupons', () => {
  it('makes a coupon, refuses a code in use in words, and switches one off', async () => {
    const { user, shop } = renderAdmin('/admin/coupons');
    await screen.findByTestId('coupons-table');
    await user.click(screen.getByRole('button', { name: 'New coupon' }));
    const form = screen.getByTestId('coupon-form');
    await enterText(user, within(form).getByLabelText('Code'), 'save1');
    await enterText(user, within(form).getByLabelText('Value'), '150');
    await enterText(user, within(form).getByLabelText('Until'), '2027-02-01');
    await user.click(within(form).getByRole('button', { name: 'Create coupon' }));
    expect(await within(form).findByText('A percent is above 0 and at most 100.')).toBeInTheDocument();
    await user.clear(within(form).getByLabelText('Value'));
    await enterText(user, within(form).getByLabelText('Value'), '15');
    await user.click(within(form).getByRole('button', { name: 'Create coupon' }));
    expect(await within(form).findByText('Another coupon has this code.')).toBeInTheDocument();
    await user.clear(within(form).getByLabelText('Code'));
    await enterText(user, within(form).getByLabelText('Code'), 'EID15');
    await user.click(within(form).getByRole('button', { name: 'Create coupon' }));
    expect(await screen.findByText('Coupon EID15 is made.')).toBeInTheDocument();
    expect(shop.calls.filter((call) => call.method === 'POST').at(-1)?.body).toMatchObject({
      code: 'EID15',
      kind: 'percent',
      value: 15,
      end_date: '2027-02-01',
      is_active: true,
    });

    const row = (await screen.findByText('SAVE1')).closest('tr') as HTMLElement;
    await user.click(within(row).getByTestId('switch-coupon'));
    expect(await screen.findByText('Coupon SAVE1 is switched off.')).toBeInTheDocument();
    expect(shop.calls.find((call) => call.method === 'PUT')?.body).toEqual({ is_active: false });
  });

  it('sets usage limits, and a coupon that can make an order free waits for the box that confirms it', async () => {
    const { user, shop } = renderAdmin('/admin/coupons');
    await screen.findByTestId('coupons-table');
    await user.click(screen.getByRole('button', { name: 'New coupon' }));
    const form = screen.getByTestId('coupon-form');
    await enterText(user, within(form).getByLabelText('Code'), 'GIFT100');
    await enterText(user, within(form).getByLabelText('Value'), '100');
    await enterText(user, within(form).getByLabelText('Until'), '2027-02-01');
    await enterText(user, within(form).getByLabelText('Uses in all'), '0');
    await enterText(user, within(form).getByLabelText('Uses per customer'), '1');
    await user.click(within(form).getByRole('button', { name: 'Create coupon' }));
    expect(
      await within(form).findByText('A limit is a whole number from 1 to 1,000,000, or blank for none.'),
    ).toBeInTheDocument();
    expect(
      within(form).getByText(
        'This coupon can make an order free: tick the box to confirm, or lower its value (or raise its minimum).',
      ),
    ).toBeInTheDocument();
    expect(shop.calls.filter((call) => call.method === 'POST')).toEqual([]);
    await user.clear(within(form).getByLabelText('Uses in all'));
    await enterText(user, within(form).getByLabelText('Uses in all'), '50');
    await user.click(within(form).getByLabelText('This coupon may make an order free'));
    await user.click(within(form).getByRole('button', { name: 'Create coupon' }));
    expect(await screen.findByText('Coupon GIFT100 is made.')).toBeInTheDocument();
    expect(shop.calls.filter((call) => call.method === 'POST').at(-1)?.body).toMatchObject({
      code: 'GIFT100',
      value: 100,
      usage_limit: 50,
      per_customer_limit: 1,
      allows_free_orders: true,
    });
  });
});

describe('tables sorted by the server', () => {
  it('the coupons table asks the server for the column and direction, page 1 again', async () => {
    const { user, shop } = renderAdmin('/admin/coupons');
    await screen.findByTestId('coupons-table');
    const lastQuery = () => shop.calls.filter((call) => call.path === 'admin/coupons').at(-1)?.query;
    expect(lastQuery()).toMatchObject({ sort: 'created_at', dir: 'desc', page: '1' });
    await user.click(screen.getByRole('button', { name: /^Code/ }));
    await waitFor(() => expect(lastQuery()).toMatchObject({ sort: 'code', dir: 'desc', page: '1' }));
    await user.click(screen.getByRole('button', { name: /^Code/ }));
    await waitFor(() => expect(lastQuery()).toMatchObject({ sort: 'code', dir: 'asc' }));
  });

  it('the review queue asks the server to sort by rating', async () => {
    const { user, shop } = renderAdmin('/admin/reviews');
    await screen.findByTestId('reviews-table');
    const lastQuery = () => shop.calls.filter((call) => call.path === 'admin/reviews').at(-1)?.query;
    expect(lastQuery()).toMatchObject({ sort: 'created_at', dir: 'asc', status: 'pending' });
    await user.click(screen.getByRole('button', { name: /^Rating/ }));
    await waitFor(() => expect(lastQuery()).toMatchObject({ sort: 'rating', dir: 'desc' }));
  });
});
