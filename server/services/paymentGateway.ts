// What every payment gateway is asked (MyFatoorah's vocabulary). Apart from services/payments, so the gateways
// (the sandbox there, MyFatoorah in services/myfatoorah) and the factory choosing one import it without a circle.
import type { PaymentMethod } from '../../contract/payments';
import type { GatewayName } from '../db/queries/paymentAttempts';

/** One entry of MyFatoorah's InitiatePayment answer, with its field names, as the API passes it on. */
export type { PaymentMethod };

export interface InitiateRequest {
  invoiceValue: number;
  currencyIso: string;
  countryCode?: string;
}

export interface ExecuteRequest {
  /** the order's amount, computed by the server; the gateway adds its own service charge to it */
  invoiceValue: number;
  currencyIso: string;
  /** null: a payment link where the shopper picks the method on the hosted page */
  paymentMethodId: number | null;
  orderId: number | null;
  customerEmail?: string;
}

export interface ExecuteResult {
  /** the gateway's id of this payment, also what it appends to the shopper's return link */
  paymentId: string;
  invoiceId: string;
  paymentUrl: string;
  /** the chosen method's name, when the gateway knows it */
  methodName?: string;
}

export type PaymentState = 'pending' | 'paid' | 'failed';

export interface PaymentStatus {
  paymentId: string;
  invoiceId: string;
  orderId: number | null;
  status: PaymentState;
  amount: number;
  currencyIso: string;
  /**
   * With status 'failed': the last try was declined but the gateway still takes money for this payment (MyFatoorah:
   * a Failed transaction on an invoice that is not Paid, Canceled or Expired), so the shopper may still pay on the
   * same page. Absent: a failure is final.
   */
  stillPayable?: boolean;
  /** when the gateway stops taking money for this payment, when it says */
  payableUntil?: Date;
}

export type { GatewayName };

export interface PaymentGateway {
  /** recorded on each payment attempt, so an attempt is only ever asked of the gateway that made it */
  readonly name: GatewayName;
  initiate(request: InitiateRequest): Promise<PaymentMethod[]>;
  execute(request: ExecuteRequest): Promise<ExecuteResult>;
  /** Asks the gateway itself; the shopper's redirect back is never taken as proof. null: unknown id. */
  getPaymentStatus(paymentId: string): Promise<PaymentStatus | null>;
  /**
   * Withdraws an unpaid payment so it can no longer be paid. true: the gateway promises it will never be paid
   * (withdrawn now, or already failed); false: it cannot promise that (already paid, or the gateway has no way to
   * withdraw an unpaid payment), so the shop keeps asking about it.
   */
  cancel(paymentId: string): Promise<boolean>;
}
