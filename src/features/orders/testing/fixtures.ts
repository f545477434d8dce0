// An order as the API answers it, with one item.
import type { Order } from '../ordersApi';

export function makeOrder(id: number, status: Order['status'], extra: Partial<Order> = {}): Order {
  return {
    id,
    status,
    total_price: 12.5,
    currency: 'KWD',
    created_at: '2026-11-20T10:00:00Z',
    address: 'Block 5, Street 20, Fahaheel, Ahmadi',
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
        product_id: 100 + id,
        product_name: { en: `Perfume ${id}`, ar: `عطر ${id}` },
        quantity: { en: 2 },
        total_price: { en: 10.5 },
        size: null,
        color: null,
        price: 5.25,
      },
    ],
    refund_due: false,
    payments: [],
    ...extra,
  };
}
