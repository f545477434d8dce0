// Payments go through a gateway with MyFatoorah's vocabulary (InitiatePayment → methods, ExecutePayment →
// PaymentURL, GetPaymentStatus). The default is a sandbox whose hosted pay page lives on this server
// (routes/payments.ts, pageRoutes); a real adapter implements the same interface.
import { randomBytes, randomInt } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { PaymentMethod } from '../../contract/payments';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { sandboxPayments, type GatewayName, type SandboxPaymentStatus } from '../db/schema';
import { paymentReturnQuery } from '../lib/paymentReturn';
import { Invalid, Unavailable } from './errors';
import { MyFatoorahGateway } from './myfatoorah';

/** One entry of MyFatoorah's InitiatePayment answer, with its field names, as the API passes it on. */
export type { PaymentMethod } from '../../contract/payments';

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

export type { GatewayName } from '../db/schema';

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

/** Currencies whose minor unit is a thousandth. */
const THREE_DECIMALS = new Set(['KWD', 'BHD', 'OMR', 'JOD', 'TND', 'IQD', 'LYD']);

export function roundMoney(value: number, currencyIso: string): number {
  const factor = THREE_DECIMALS.has(currencyIso.toUpperCase()) ? 1000 : 100;
  return Math.round((value + Number.EPSILON) * factor) / factor;
}

interface SandboxMethod {
  id: number;
  code: string;
  en: string;
  ar: string;
  /** percent of the invoice */
  chargePercent: number;
  image: string;
}

// MyFatoorah's own test ids, so an SPA built against the real gateway sees familiar values.
export const SANDBOX_METHODS: SandboxMethod[] = [
  { id: 1, code: 'kn', en: 'KNET', ar: 'كي نت', chargePercent: 1, image: 'knet.svg' },
  { id: 2, code: 'vm', en: 'VISA/MASTER', ar: 'فيزا / ماستر', chargePercent: 2.5, image: 'visa-master.svg' },
  { id: 11, code: 'ap', en: 'Apple Pay', ar: 'أبل باي', chargePercent: 2.5, image: 'apple-pay.svg' },
  { id: 5, code: 'b', en: 'Benefit', ar: 'بنفت', chargePercent: 1.5, image: 'benefit.svg' },
  { id: 6, code: 'md', en: 'mada', ar: 'مدى', chargePercent: 1.5, image: 'mada.svg' },
  { id: 14, code: 'stc', en: 'STC Pay', ar: 'إس تي سي باي', chargePercent: 2, image: 'stc-pay.svg' },
];

export function serviceChargeFor(methodId: number | null, invoiceValue: number, currencyIso: string): number {
  const method = SANDBOX_METHODS.find((candidate) => candidate.id === methodId);
  if (!method) return 0;
  return roundMoney((invoiceValue * method.chargePercent) / 100, currencyIso);
}

export function isKnownMethod(methodId: number): boolean {
  return SANDBOX_METHODS.some((method) => method.id === methodId);
}

export function sandboxMethodName(methodId: number): string {
  return SANDBOX_METHODS.find((method) => method.id === methodId)?.en ?? 'Online payment';
}

/** The sandbox: payments are rows of `sandbox_payments`, decided on the hosted page /pay/sandbox/:paymentId. */
export class SandboxGateway implements PaymentGateway {
  readonly name = 'sandbox' as const;

  constructor(
    private readonly db: Db,
    private readonly publicUrl: string,
  ) {}

  async initiate({ invoiceValue, currencyIso }: InitiateRequest): Promise<PaymentMethod[]> {
    const currency = currencyIso.toUpperCase();
    return SANDBOX_METHODS.map((method) => {
      const charge = serviceChargeFor(method.id, invoiceValue, currency);
      return {
        PaymentMethodId: method.id,
        PaymentMethodAr: method.ar,
        PaymentMethodEn: method.en,
        PaymentMethodCode: method.code,
        IsDirectPayment: false,
        ServiceCharge: charge,
        TotalAmount: roundMoney(invoiceValue + charge, currency),
        CurrencyIso: currency,
        ImageUrl: `${this.publicUrl}/media/payments/${method.image}`,
        IsEmbeddedSupported: false,
        PaymentCurrencyIso: currency,
      };
    });
  }

  async execute(request: ExecuteRequest): Promise<ExecuteResult> {
    if (request.paymentMethodId !== null && !isKnownMethod(request.paymentMethodId)) {
      throw new Invalid({ payment_method_id: ['The selected payment method id is invalid.'] });
    }
    const charge = serviceChargeFor(request.paymentMethodId, request.invoiceValue, request.currencyIso);
    const paymentId = randomBytes(18).toString('base64url');
    // MyFatoorah invoice ids are plain numbers.
    const invoiceId = String(randomInt(10_000_000, 99_999_999));
    await this.db.insert(sandboxPayments).values({
      paymentId,
      invoiceId,
      orderId: request.orderId,
      amount: roundMoney(request.invoiceValue + charge, request.currencyIso),
      currency: request.currencyIso.toUpperCase(),
      paymentMethodId: request.paymentMethodId ?? 0,
    });
    return {
      paymentId,
      invoiceId,
      paymentUrl: `${this.publicUrl}/pay/sandbox/${paymentId}`,
      ...(request.paymentMethodId !== null ? { methodName: sandboxMethodName(request.paymentMethodId) } : {}),
    };
  }

  /** The payment with the sandbox's own state (which tells a withdrawn payment from a declined one). */
  async lookUp(
    paymentId: string,
  ): Promise<{ status: PaymentStatus; sandboxStatus: SandboxPaymentStatus } | null> {
    const [row] = await this.db
      .select()
      .from(sandboxPayments)
      .where(eq(sandboxPayments.paymentId, paymentId))
      .limit(1);
    if (!row) return null;
    return {
      sandboxStatus: row.status,
      status: {
        paymentId: row.paymentId,
        invoiceId: row.invoiceId,
        orderId: row.orderId,
        // As MyFatoorah reads a cancelled invoice: nothing was paid and nothing will be.
        status: row.status === 'canceled' ? 'failed' : row.status,
        amount: row.amount,
        currencyIso: row.currency,
      },
    };
  }

  async getPaymentStatus(paymentId: string): Promise<PaymentStatus | null> {
    return (await this.lookUp(paymentId))?.status ?? null;
  }

  /** One conditional update: a payment is either paid on the hosted page or withdrawn, never both. */
  async cancel(paymentId: string): Promise<boolean> {
    await this.db
      .update(sandboxPayments)
      .set({ status: 'canceled', decidedAt: new Date() })
      .where(and(eq(sandboxPayments.paymentId, paymentId), eq(sandboxPayments.status, 'pending')));
    const found = await this.lookUp(paymentId);
    return found?.sandboxStatus !== 'paid';
  }

  /** What the hosted page does when the shopper presses Pay or Decline; a decided payment stays decided. */
  async decide(paymentId: string, outcome: 'paid' | 'failed'): Promise<PaymentStatus | null> {
    await this.db
      .update(sandboxPayments)
      .set({ status: outcome, decidedAt: new Date() })
      .where(and(eq(sandboxPayments.paymentId, paymentId), eq(sandboxPayments.status, 'pending')));
    return this.getPaymentStatus(paymentId);
  }
}

export const PAYMENTS_UNAVAILABLE = 'This service is currently unavailable.';

/** PAYMENTS_SANDBOX=0 without a real adapter: every payment call is a 503, no payment ever exists. */
export class UnavailableGateway implements PaymentGateway {
  /** never recorded: this gateway makes no payment */
  readonly name = 'sandbox' as const;

  async initiate(): Promise<PaymentMethod[]> {
    throw new Unavailable(PAYMENTS_UNAVAILABLE);
  }

  async execute(): Promise<ExecuteResult> {
    throw new Unavailable(PAYMENTS_UNAVAILABLE);
  }

  async getPaymentStatus(): Promise<PaymentStatus | null> {
    return null;
  }

  async cancel(): Promise<boolean> {
    return true;
  }
}

/** Checked before an order is stored, so a shop without payments does not collect unpayable orders. */
export function assertPaymentsAvailable(gateway: PaymentGateway): void {
  if (gateway instanceof UnavailableGateway) throw new Unavailable(PAYMENTS_UNAVAILABLE);
}

export function createDefaultGateway(config: Config, db: Db): PaymentGateway {
  if (config.myFatoorahApiKey && config.myFatoorahBaseUrl) {
    return new MyFatoorahGateway({
      apiKey: config.myFatoorahApiKey,
      baseUrl: config.myFatoorahBaseUrl,
      publicUrl: config.publicUrl,
      returnQuery: (orderId) => paymentReturnQuery(config.tokenSecret, orderId, config.now()),
    });
  }
  return config.paymentsSandbox ? new SandboxGateway(db, config.publicUrl) : new UnavailableGateway();
}
