// Payments go through a gateway with MyFatoorah's vocabulary (InitiatePayment → methods, ExecutePayment →
// PaymentURL, GetPaymentStatus). The default is a sandbox whose hosted pay page lives on this server
// (routes/payments.ts, pageRoutes); a real adapter implements the same interface.
import { randomBytes, randomInt } from 'node:crypto';
import type { Config } from '../config';
import type { Db } from '../db/client';
import {
  decidePendingSandboxPayment,
  findSandboxPayment,
  insertSandboxPayment,
  type SandboxPaymentStatus,
} from '../db/queries/sandboxPayments';
import { paymentReturnQuery } from '../lib/paymentReturn';
import { SANDBOX_METHODS } from '../lib/sandboxMethods';
import { Invalid, Unavailable } from './errors';
import { MyFatoorahGateway } from './myfatoorah';
import type {
  ExecuteRequest,
  ExecuteResult,
  InitiateRequest,
  PaymentGateway,
  PaymentMethod,
  PaymentStatus,
} from './paymentGateway';

export type {
  ExecuteRequest,
  ExecuteResult,
  GatewayName,
  InitiateRequest,
  PaymentGateway,
  PaymentMethod,
  PaymentState,
  PaymentStatus,
} from './paymentGateway';

/** Currencies whose minor unit is a thousandth. */
const THREE_DECIMALS = new Set(['KWD', 'BHD', 'OMR', 'JOD', 'TND', 'IQD', 'LYD']);

export function roundMoney(value: number, currencyIso: string): number {
  const factor = THREE_DECIMALS.has(currencyIso.toUpperCase()) ? 1000 : 100;
  return Math.round((value + Number.EPSILON) * factor) / factor;
}

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
    await insertSandboxPayment(this.db, {
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
    const row = await findSandboxPayment(this.db, paymentId);
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
    await decidePendingSandboxPayment(this.db, paymentId, 'canceled', new Date());
    const found = await this.lookUp(paymentId);
    return found?.sandboxStatus !== 'paid';
  }

  /** What the hosted page does when the shopper presses Pay or Decline; a decided payment stays decided. */
  async decide(paymentId: string, outcome: 'paid' | 'failed'): Promise<PaymentStatus | null> {
    await decidePendingSandboxPayment(this.db, paymentId, outcome, new Date());
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
