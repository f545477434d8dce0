// The payment page's address for one order. POST /initiate-payment sends the invoice's value and currency
// beside the order id (docs/spec/02-shopping.md §7); the page gets them from the link that leads to it, where
// the order is known.

export interface PaymentInvoice {
  invoice_value: number;
  currency_iso: string;
}

export function paymentPageUrl(orderId: number, invoice?: Partial<PaymentInvoice>): string {
  const params = new URLSearchParams({ order_id: String(orderId) });
  if (invoice?.invoice_value !== undefined && invoice.currency_iso) {
    params.set('invoice_value', String(invoice.invoice_value));
    params.set('currency_iso', invoice.currency_iso);
  }
  return `/payment?${params.toString()}`;
}

/**
 * The invoice a payment page's address carries, when it carries a sound one (the server checks it against the order
 * in any case; a hand-edited address only gets a refusal).
 */
export function invoiceFromParams(params: URLSearchParams): PaymentInvoice | null {
  const value = Number(params.get('invoice_value'));
  const currency = params.get('currency_iso')?.toUpperCase() ?? '';
  if (!params.get('invoice_value') || !Number.isFinite(value) || value <= 0) return null;
  if (!/^[A-Z]{3}$/.test(currency)) return null;
  return { invoice_value: value, currency_iso: currency };
}
