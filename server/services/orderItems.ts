// What the shopper's orders and the back office's order page show alike: an order's lines (the contract's OrderItem)
// and where it goes and what it cost.
import type { OrderItem } from '../../contract/orders';
import type { OrderItemRow, OrderRow } from '../db/queries/orders';

export function orderItemJson(item: OrderItemRow): OrderItem {
  return {
    id: item.id,
    product_id: item.productId,
    product_name: { en: item.productNameEn, ar: item.productNameAr },
    quantity: { en: item.quantity },
    total_price: { en: item.totalPrice },
    size: item.size,
    color: item.color,
    price: item.unitPrice,
  };
}

/** The order's area, payment method, figures and lines. */
export function orderDetailFields(order: OrderRow, items: OrderItemRow[]) {
  return {
    governorate_name: order.governorateName,
    area_name: order.areaName,
    payment_method: order.paymentMethod,
    subtotal: order.subtotal,
    discount_amount: order.discountAmount,
    coupon_code: order.couponCode,
    shipping_cost: order.shippingCost,
    items: items.map(orderItemJson),
  };
}
