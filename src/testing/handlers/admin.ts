// The back office's API for component tests: a small in-memory shop that keeps the contract's rules (status
// checks with their refusal codes, audit entries, paging) and records every call.
import { delay, http, HttpResponse } from 'msw';

import type {
  AdminCoupon,
  AdminOrder,
  AdminProduct,
  AdminReview,
  AuditEntry,
  DashboardResponse,
  StaffMember,
} from '../../../contract/admin';
import { apiUrl } from '../server';

export interface AdminCall {
  method: string;
  path: string;
  query: Record<string, string>;
  body: unknown;
  authorization: string | null;
}

const OWNER = { id: 1, name: 'Owner', email: 'owner@shop.test' };
const at = '2026-11-20T10:00:00Z';

export function makeAdminOrder(
  id: number,
  status: AdminOrder['status'],
  extra: Partial<AdminOrder> = {},
): AdminOrder {
  return {
    id,
    status,
    total_price: 12.5,
    currency: 'KWD',
    created_at: at,
    updated_at: at,
    paid_at: status === 'paid' || status === 'completed' ? at : null,
    contact_email: `shopper${id}@shop.test`,
    contact_phone: '55512345',
    contact_country_code: '+965',
    customer_name: 'Sara',
    user_id: 7,
    address: 'Block 5, Street 20',
    governorate_name: 'Ahmadi',
    area_name: 'Fahaheel',
    payment_method: 'KNET',
    subtotal: 10.5,
    discount_amount: 0,
    coupon_code: null,
    shipping_cost: 2,
    items: [
      {
        id: id * 10,
        product_id: 101,
        product_name: { en: 'Oud perfume', ar: 'عطر عود' },
        quantity: { en: 2 },
        total_price: { en: 10.5 },
        size: null,
        color: null,
        price: 5.25,
      },
    ],
    payments: [
      {
        id: id * 100,
        gateway: 'sandbox',
        gateway_payment_id: `pay-${id}`,
        invoice_id: null,
        amount: 12.5,
        currency: 'KWD',
        state:
          status === 'refund_due'
            ? 'refund_due'
            : status === 'paid' || status === 'completed'
              ? 'paid'
              : 'pending',
        created_at: at,
        updated_at: at,
        checked_at: at,
        refunded_at: null,
        refunded_by: null,
      },
    ],
    audit: [],
    can_deliver: status === 'paid',
    can_cancel: status === 'paid' || status === 'pending',
    money_to_review: false,
    can_accept_payment: status === 'pending' || status === 'failed' || status === 'expired',
    ...extra,
  };
}

export function makeAdminProduct(id: number, extra: Partial<AdminProduct> = {}): AdminProduct {
  return {
    id,
    name: { en: `Oud perfume ${id}`, ar: `عطر عود ${id}` },
    description: { en: 'A perfume', ar: 'عطر' },
    category_id: 1,
    category_name: { en: 'Perfumes', ar: 'عطور' },
    brand: 'Arabian Oud',
    price: 20,
    discounted_price: null,
    stock_quantity: 5,
    sale: true,
    offer: false,
    sold_count: 3,
    rating: 4,
    images: ['/media/products/oud.webp'],
    created_at: at,
    audit: [],
    ...extra,
  };
}

export function makeAdminReview(id: number, extra: Partial<AdminReview> = {}): AdminReview {
  return {
    id,
    product_id: 101,
    product_name: { en: 'Oud perfume', ar: 'عطر عود' },
    user_name: 'Sara',
    rating: 5,
    review: 'Lovely scent',
    status: 'pending',
    created_at: at,
    audit: [],
    ...extra,
  };
}

export function makeAdminCoupon(id: number, extra: Partial<AdminCoupon> = {}): AdminCoupon {
  return {
    id,
    code: `SAVE${id}`,
    kind: 'percent',
    value: 10,
    min_total: 0,
    starts_on: null,
    end_date: '2027-01-01',
    is_active: true,
    usage_limit: null,
    per_customer_limit: null,
    uses: 0,
    allows_free_orders: false,
    audit: [],
    ...extra,
  };
}

export const DASHBOARD: DashboardResponse = {
  currency: 'KWD',
  today: { orders: 2, revenue: 25 },
  last_30_days: { orders: 12, revenue: 310.5 },
  series: Array.from({ length: 30 }, (_, i) => ({
    date: `2026-11-${String(i + 1).padStart(2, '0')}`,
    orders: i % 3,
    revenue: (i % 3) * 12.5,
  })),
  awaiting_delivery: 1,
  refunds_due: 1,
  payments_to_review: 0,
  payments_to_review_orders: [],
  reviews_pending: 1,
  low_stock: [{ id: 102, name: { en: 'Musk', ar: 'مسك' }, stock_quantity: 0 }],
  low_stock_threshold: 5,
};

export interface AdminShop {
  orders: AdminOrder[];
  products: AdminProduct[];
  reviews: AdminReview[];
  coupons: AdminCoupon[];
  /** every account: the staff list shows those that are not shoppers */
  accounts: StaffMember[];
  dashboard: DashboardResponse;
  calls: AdminCall[];
  /** how long each answer takes (ms) */
  latency: number;
}

export function makeAdminShop(): AdminShop {
  return {
    orders: [makeAdminOrder(1, 'paid'), makeAdminOrder(2, 'completed'), makeAdminOrder(3, 'refund_due')],
    products: [makeAdminProduct(101), makeAdminProduct(102, { stock_quantity: 0 })],
    reviews: [makeAdminReview(1)],
    coupons: [makeAdminCoupon(1)],
    accounts: [
      { id: 1, name: 'The owner', email: 'owner@shop.test', role: 'owner', notifications: true },
      { id: 2, name: 'Huda', email: 'huda@shop.test', role: 'staff', notifications: false },
      { id: 3, name: 'Sara', email: 'sara@example.com', role: 'shopper', notifications: false },
    ],
    dashboard: DASHBOARD,
    calls: [],
    latency: 0,
  };
}

let auditId = 1;
function audit(
  subject_type: AuditEntry['subject_type'],
  subject_id: number,
  action: string,
  before: AuditEntry['before'],
  after: AuditEntry['after'],
): AuditEntry {
  return { id: auditId++, action, subject_type, subject_id, actor: OWNER, before, after, created_at: at };
}

const refuse = (code: string, message: string) => HttpResponse.json({ message, code }, { status: 409 });
const notFound = () => HttpResponse.json({ message: 'Not found' }, { status: 404 });

function paged<T>(rows: T[], query: Record<string, string>) {
  const page = Number(query.page ?? 1);
  const perPage = Number(query.per_page ?? 20);
  return {
    data: rows.slice((page - 1) * perPage, page * perPage),
    page,
    per_page: perPage,
    total: rows.length,
  };
}

/** msw handlers over the shop's state; each call is recorded in shop.calls. */
export function adminHandlers(shop: AdminShop) {
  const record = async (request: Request) => {
    const url = new URL(request.url);
    const body =
      request.method === 'GET'
        ? null
        : await request
            .clone()
            .json()
            .catch(() => null);
    shop.calls.push({
      method: request.method,
      path: url.pathname.replace(/^\/api\//, ''),
      query: Object.fromEntries(url.searchParams),
      body,
      authorization: request.headers.get('authorization'),
    });
    if (shop.latency) await delay(shop.latency);
    return Object.fromEntries(url.searchParams);
  };
  const order = (id: unknown) => shop.orders.find((o) => o.id === Number(id));
  return [
    http.get(apiUrl('admin/dashboard'), async ({ request }) => {
      await record(request);
      return HttpResponse.json(shop.dashboard);
    }),
    http.get(apiUrl('admin/orders'), async ({ request }) => {
      const query = await record(request);
      const rows = shop.orders.filter((o) => !query.status || o.status === query.status);
      return HttpResponse.json(
        paged(
          rows.map(
            ({
              id,
              status,
              total_price,
              currency,
              created_at,
              paid_at,
              contact_email,
              contact_phone,
              customer_name,
              items,
            }) => ({
              id,
              status,
              total_price,
              currency,
              created_at,
              paid_at,
              contact_email,
              contact_phone,
              customer_name,
              items_count: items.length,
            }),
          ),
          query,
        ),
      );
    }),
    http.get(apiUrl('admin/orders/:id'), async ({ request, params }) => {
      await record(request);
      const found = order(params.id);
      return found ? HttpResponse.json(found) : notFound();
    }),
    http.post(apiUrl('admin/orders/:id/deliver'), async ({ request, params }) => {
      await record(request);
      const found = order(params.id);
      if (!found) return notFound();
      if (found.status === 'completed') return HttpResponse.json({ message: 'ok', order: found });
      if (found.status !== 'paid')
        return refuse('order_not_deliverable', 'Only a paid order can be marked delivered.');
      Object.assign(found, {
        status: 'completed',
        can_deliver: false,
        can_cancel: false,
        audit: [
          audit('order', found.id, 'order.delivered', { status: 'paid' }, { status: 'completed' }),
          ...found.audit,
        ],
      });
      return HttpResponse.json({ message: 'Order delivered', order: found });
    }),
    http.post(apiUrl('admin/orders/:id/cancel'), async ({ request, params }) => {
      await record(request);
      const found = order(params.id);
      if (!found) return notFound();
      if (found.status !== 'paid' && found.status !== 'pending')
        return refuse('order_not_cancelable', 'Only a pending or paid order can be cancelled.');
      Object.assign(found, { status: 'canceled', can_deliver: false, can_cancel: false });
      return HttpResponse.json({ message: 'Order cancelled', order: found });
    }),
    http.post(apiUrl('admin/orders/:id/payments/:paymentId/refund'), async ({ request, params }) => {
      await record(request);
      const found = order(params.id);
      const payment = found?.payments.find((p) => p.id === Number(params.paymentId));
      if (!found || !payment) return notFound();
      if (payment.state !== 'refund_due' && payment.state !== 'amount_mismatch')
        return refuse(
          'payment_not_refund_due',
          'Only a payment waiting for a refund can be marked refunded.',
        );
      Object.assign(payment, { state: 'refunded', refunded_at: at, refunded_by: OWNER.name });
      found.money_to_review = found.payments.some((p) => p.state === 'amount_mismatch');
      return HttpResponse.json({ message: 'Refund recorded', order: found });
    }),
    http.post(apiUrl('admin/orders/:id/payments/:paymentId/accept'), async ({ request, params }) => {
      await record(request);
      const found = order(params.id);
      const payment = found?.payments.find((p) => p.id === Number(params.paymentId));
      if (!found || !payment) return notFound();
      if (payment.state !== 'amount_mismatch')
        return refuse(
          'payment_not_in_review',
          'Only a payment whose amount or currency did not match its order can be accepted.',
        );
      if (!found.can_accept_payment)
        return refuse(
          'payment_not_acceptable',
          'This order cannot take a payment any more: record the payment as refunded instead.',
        );
      payment.state = 'paid';
      found.audit = [
        audit('payment', payment.id, 'payment.accepted', { state: 'amount_mismatch' }, { state: 'paid' }),
        ...found.audit,
      ];
      Object.assign(found, {
        status: 'paid',
        paid_at: at,
        money_to_review: false,
        can_accept_payment: false,
        can_deliver: true,
        can_cancel: true,
      });
      return HttpResponse.json({ message: 'The payment is accepted: the order is paid.', order: found });
    }),
    http.get(apiUrl('admin/reviews'), async ({ request }) => {
      const query = await record(request);
      return HttpResponse.json(
        paged(
          shop.reviews.filter((r) => r.status === (query.status ?? 'pending')),
          query,
        ),
      );
    }),
    http.post(apiUrl('admin/reviews/:id/:decision'), async ({ request, params }) => {
      await record(request);
      const review = shop.reviews.find((r) => r.id === Number(params.id));
      if (!review) return notFound();
      const status = params.decision === 'approve' ? 'approved' : 'rejected';
      if (review.status !== status) {
        review.audit = [
          audit('review', review.id, `review.${status}`, { status: review.status }, { status }),
          ...review.audit,
        ];
        review.status = status;
      }
      return HttpResponse.json({ message: 'ok', review });
    }),
    http.get(apiUrl('admin/products'), async ({ request }) => {
      const query = await record(request);
      const search = (query.search ?? '').toLowerCase();
      const rows = shop.products
        .filter((p) => !search || p.name.en.toLowerCase().includes(search))
        .filter((p) => query.stock !== 'out' || p.stock_quantity === 0)
        .map(({ description: _d, audit: _a, images, ...rest }) => ({ ...rest, image: images[0] ?? null }));
      return HttpResponse.json(paged(rows, query));
    }),
    http.post(apiUrl('admin/products/pictures'), async ({ request }) => {
      await record(request);
      return HttpResponse.json(
        { image: `/uploads/products/p${auditId++}.webp`, width: 800, height: 800 },
        { status: 201 },
      );
    }),
    http.get(apiUrl('admin/products/:id'), async ({ request, params }) => {
      await record(request);
      const found = shop.products.find((p) => p.id === Number(params.id));
      return found ? HttpResponse.json(found) : notFound();
    }),
    http.put(apiUrl('admin/products/:id'), async ({ request, params }) => {
      await record(request);
      const found = shop.products.find((p) => p.id === Number(params.id));
      if (!found) return notFound();
      const changes = (await request.json()) as Partial<AdminProduct>;
      if (changes.discounted_price != null && changes.discounted_price >= (changes.price ?? found.price))
        return HttpResponse.json(
          {
            message: 'The discounted price must be below the price.',
            errors: { discounted_price: ['below the price'] },
          },
          { status: 422 },
        );
      const before = Object.fromEntries(
        Object.keys(changes).map((key) => [key, found[key as keyof AdminProduct]]),
      );
      Object.assign(found, changes);
      found.audit = [
        audit(
          'product',
          found.id,
          'product.updated',
          before as AuditEntry['before'],
          changes as AuditEntry['after'],
        ),
        ...found.audit,
      ];
      return HttpResponse.json({ message: 'Saved', product: found });
    }),
    http.post(apiUrl('admin/products'), async ({ request }) => {
      await record(request);
      const body = (await request.json()) as Record<string, unknown>;
      const product = makeAdminProduct(200 + shop.products.length, {
        name: { en: String(body.name_en), ar: String(body.name_ar) },
        images: body.images as string[],
      });
      shop.products.push(product);
      return HttpResponse.json({ message: 'Created', product }, { status: 201 });
    }),
    http.get(apiUrl('admin/categories'), async ({ request }) => {
      await record(request);
      return HttpResponse.json({ data: [{ id: 1, name: { en: 'Perfumes', ar: 'عطور' } }] });
    }),
    http.get(apiUrl('admin/coupons'), async ({ request }) => {
      const query = await record(request);
      return HttpResponse.json(paged(shop.coupons, query));
    }),
    http.post(apiUrl('admin/coupons'), async ({ request }) => {
      await record(request);
      const body = (await request.json()) as Partial<AdminCoupon>;
      if (shop.coupons.some((c) => c.code.toLowerCase() === String(body.code).toLowerCase()))
        return HttpResponse.json(
          {
            message: 'The code has already been taken.',
            errors: { code: ['The code has already been taken.'] },
          },
          { status: 422 },
        );
      const coupon = makeAdminCoupon(shop.coupons.length + 1, body);
      shop.coupons.unshift(coupon);
      return HttpResponse.json({ message: 'Created', coupon }, { status: 201 });
    }),
    http.put(apiUrl('admin/coupons/:id'), async ({ request, params }) => {
      await record(request);
      const coupon = shop.coupons.find((c) => c.id === Number(params.id));
      if (!coupon) return notFound();
      const changes = (await request.json()) as Partial<AdminCoupon>;
      Object.assign(coupon, changes);
      return HttpResponse.json({ message: 'Saved', coupon });
    }),
    http.get(apiUrl('admin/staff'), async ({ request }) => {
      await record(request);
      return HttpResponse.json({ data: shop.accounts.filter((account) => account.role !== 'shopper') });
    }),
    http.post(apiUrl('admin/staff'), async ({ request }) => {
      await record(request);
      const body = (await request.json()) as { email: string; role: 'staff' | 'shopper' };
      const account = shop.accounts.find((a) => a.email === body.email.trim().toLowerCase());
      if (!account)
        return HttpResponse.json(
          { message: 'No account uses this e-mail address.', code: 'user_not_found' },
          { status: 404 },
        );
      if (account.role === 'owner')
        return refuse('owner_role_fixed', 'The owner’s role cannot be changed here.');
      account.role = body.role;
      return HttpResponse.json({ message: 'Saved', member: account });
    }),
    http.post(apiUrl('admin/staff/:id/notifications'), async ({ request, params }) => {
      await record(request);
      const body = (await request.json()) as { on: boolean };
      const account = shop.accounts.find((a) => String(a.id) === params.id && a.role !== 'shopper');
      if (!account)
        return HttpResponse.json(
          { message: 'No account uses this e-mail address.', code: 'user_not_found' },
          { status: 404 },
        );
      account.notifications = body.on;
      return HttpResponse.json({ message: 'Saved', member: account });
    }),
  ];
}
