// The orders' public face for routes and jobs: creation (create.ts, from a request checked by checkoutRequest.ts,
// within the stock limits of limits.ts), the payment lifecycle (payment.ts starts a payment, paymentAttempts.ts
// records attempts and applies the gateway's answers, lifecycle.ts holds, gives back and expires the order's
// stock) and the shopper's order pages (queries.ts).
export { validateOrderRequest, type OrderRequest, type ValidOrderRequest } from './checkoutRequest';
export {
  createOrder,
  DUPLICATE_WINDOW_MS,
  IDEMPOTENCY_KEY_REUSED,
  IDEMPOTENCY_KEY_WINDOW_MS,
  NOTHING_AVAILABLE,
  type CreatedOrder,
} from './create';
export {
  cancelOrder,
  cancelUserOrder,
  expireOverdueOrder,
  holdStockForPayment,
  markOrderCompleted,
  orderAfterPayment,
  ORDER_CLOSED,
  ORDER_EXPIRED,
  ORDER_NOT_CANCELABLE,
  ORDER_STOCK_GONE,
} from './lifecycle';
export { listUserOrders, userOrder, type OrderWithItems } from './queries';
export { paymentMethodsFor, startOrderPayment } from './payment';
export { attemptsOfOrders, type AttemptRow, type PaymentLog } from './paymentAttempts';
export { TOO_MANY_ORDERS } from './limits';
