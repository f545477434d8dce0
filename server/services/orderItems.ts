// An order's line as the contract's OrderItem: the shopper's orders and the back office's order page show the same.
import type { OrderItem } from '../../contract/orders';
import type { OrderItemRow } from '../db/queries/orders';

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
