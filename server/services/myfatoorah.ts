// The real gateway: MyFatoorah's v2 API (InitiatePayment, ExecutePayment, SendPayment for a link where the shopper
// picks the method, GetPaymentStatus). Chosen by MYFATOORAH_API_KEY and MYFATOORAH_BASE_URL.
import { Invalid, UpstreamFailed, type DomainError } from './errors';
import type {
  ExecuteRequest,
  ExecuteResult,
  InitiateRequest,
  PaymentGateway,
  PaymentMethod,
  PaymentState,
  PaymentStatus,
} from './paymentGateway';

export const GATEWAY_UNREACHABLE = 'The payment service did not answer. Please try again.';
export const GATEWAY_REFUSED = 'The payment service refused the request.';

export interface MyFatoorahOptions {
  apiKey: string;
  /** https://apitest.myfatoorah.com (test) or the live base URL of the account's country */
  baseUrl: string;
  /** this shop's public origin: the shopper comes back to <publicUrl>/payment?paymentId=… */
  publicUrl: string;
  /**
   * The signed query of an order's return link (lib/paymentReturn), added to <publicUrl>/payment; MyFatoorah
   * appends its own paymentId to it, so the shopper comes back able to read the outcome in any browser.
   */
  returnQuery?: (orderId: number) => string;
  timeoutMs?: number;
}

/** MyFatoorah's envelope around every answer, errors included. */
interface Envelope<T> {
  IsSuccess: boolean;
  Message: string | null;
  ValidationErrors: { Name: string; Error: string }[] | null;
  Data: T | null;
}

interface ExecuteData {
  InvoiceId: number;
  IsDirectPayment?: boolean;
  PaymentURL: string;
  CustomerReference?: string | null;
}

interface SendData {
  InvoiceId: number;
  InvoiceURL: string;
  CustomerReference?: string | null;
}

interface Transaction {
  PaymentId: string;
  TransactionStatus: string;
  PaymentGateway?: string;
  Currency?: string;
  PaidCurrency?: string;
}

interface StatusData {
  InvoiceId: number;
  InvoiceStatus: string;
  /** the last day the invoice takes money, e.g. "November 26, 2026" */
  ExpiryDate?: string | null;
  CustomerReference: string | null;
  InvoiceValue: number;
  InvoiceTransactions: Transaction[];
}

/** The display codes MyFatoorah uses in transactions, read as ISO codes. */
const DISPLAY_CURRENCIES: Record<string, string> = {
  KD: 'KWD',
  SR: 'SAR',
  BD: 'BHD',
  QR: 'QAR',
  RO: 'OMR',
  JD: 'JOD',
  LE: 'EGP',
  DH: 'AED',
};

function isoCurrency(code: string | undefined): string {
  const upper = (code ?? '').trim().toUpperCase();
  return DISPLAY_CURRENCIES[upper] ?? upper;
}

/**
 * Only the invoice's status is final (Paid, Canceled, Expired). A Failed transaction on an invoice that is still
 * payable is one declined try: MyFatoorah's page lets the shopper try again on the same invoice, so it is reported
 * as failed but still payable, and the shop keeps following it (issue 47, finding 6).
 */
function stateOf(data: StatusData): { status: PaymentState; stillPayable?: true } {
  if (data.InvoiceStatus === 'Paid') return { status: 'paid' };
  if (data.InvoiceStatus === 'Canceled' || data.InvoiceStatus === 'Expired') return { status: 'failed' };
  const last = data.InvoiceTransactions.at(-1);
  return last?.TransactionStatus === 'Failed'
    ? { status: 'failed', stillPayable: true }
    : { status: 'pending' };
}

const MONTHS = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
];

/**
 * The end of the invoice's last payable day ("November 26, 2026", or an ISO date), read as the end of that day in
 * UTC: no later than the Gulf's own midnight plus its offset, so never before the invoice really closes.
 */
export function invoiceEnd(expiryDate: string | null | undefined): Date | undefined {
  const text = (expiryDate ?? '').trim();
  const named = /^([A-Za-z]+)\s+(\d{1,2}),?\s+(\d{4})$/.exec(text);
  const iso = /^(\d{4})-(\d{2})-(\d{2})/.exec(text);
  let year: number, month: number, day: number;
  if (named) {
    month = MONTHS.indexOf((named[1] ?? '').toLowerCase());
    day = Number(named[2]);
    year = Number(named[3]);
  } else if (iso) {
    year = Number(iso[1]);
    month = Number(iso[2]) - 1;
    day = Number(iso[3]);
  } else {
    return undefined;
  }
  if (month < 0 || month > 11 || day < 1 || day > 31 || year < 2000 || year > 2999) return undefined;
  return new Date(Date.UTC(year, month, day + 1));
}

export class MyFatoorahGateway implements PaymentGateway {
  readonly name = 'myfatoorah' as const;
  private readonly baseUrl: string;
  private readonly timeoutMs: number;

  constructor(private readonly options: MyFatoorahOptions) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.timeoutMs = options.timeoutMs ?? 10_000;
  }

  /** One call; answers the envelope for 2xx and MyFatoorah's 400 validation answers, throws for the rest. */
  private async post<T>(path: string, body: object): Promise<Envelope<T>> {
    let response: Response;
    try {
      response = await fetch(`${this.baseUrl}${path}`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${this.options.apiKey}`,
          'content-type': 'application/json',
          accept: 'application/json',
        },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch {
      throw new UpstreamFailed(GATEWAY_UNREACHABLE);
    }
    let envelope: Envelope<T> | null = null;
    try {
      envelope = (await response.json()) as Envelope<T>;
    } catch {
      envelope = null;
    }
    if (envelope && typeof envelope === 'object' && 'IsSuccess' in envelope) {
      if (response.ok || response.status === 400) return envelope;
    }
    // 401 (a wrong key) and 5xx mean the shop cannot take payments now; the shopper can only try again later.
    throw new UpstreamFailed(GATEWAY_UNREACHABLE);
  }

  private refused(envelope: Envelope<unknown>): DomainError {
    const messages = (envelope.ValidationErrors ?? []).map((issue) => `${issue.Name}: ${issue.Error}`);
    const message = envelope.Message || GATEWAY_REFUSED;
    return messages.length > 0 ? new Invalid({ payment: messages }, message) : new UpstreamFailed(message);
  }

  async initiate({ invoiceValue, currencyIso }: InitiateRequest): Promise<PaymentMethod[]> {
    const envelope = await this.post<{ PaymentMethods: PaymentMethod[] }>('/v2/InitiatePayment', {
      InvoiceAmount: invoiceValue,
      CurrencyIso: currencyIso,
    });
    if (!envelope.IsSuccess || !envelope.Data) throw this.refused(envelope);
    return envelope.Data.PaymentMethods;
  }

  async execute(request: ExecuteRequest): Promise<ExecuteResult> {
    const signed =
      request.orderId !== null && this.options.returnQuery
        ? `?${this.options.returnQuery(request.orderId)}`
        : '';
    const returnUrl = `${this.options.publicUrl}/payment${signed}`;
    const common = {
      InvoiceValue: request.invoiceValue,
      DisplayCurrencyIso: request.currencyIso,
      CallBackUrl: returnUrl,
      ErrorUrl: returnUrl,
      Language: 'en',
      ...(request.orderId !== null ? { CustomerReference: String(request.orderId) } : {}),
      ...(request.customerEmail ? { CustomerEmail: request.customerEmail } : {}),
    };
    if (request.paymentMethodId === null) {
      // No method chosen yet: an invoice link whose page lists the methods.
      const envelope = await this.post<SendData>('/v2/SendPayment', {
        ...common,
        CustomerName: request.customerEmail ?? 'Customer',
        NotificationOption: 'LNK',
      });
      if (!envelope.IsSuccess || !envelope.Data) throw this.refused(envelope);
      const invoiceId = String(envelope.Data.InvoiceId);
      return { paymentId: invoiceId, invoiceId, paymentUrl: envelope.Data.InvoiceURL };
    }
    const envelope = await this.post<ExecuteData>('/v2/ExecutePayment', {
      ...common,
      PaymentMethodId: request.paymentMethodId,
    });
    if (!envelope.IsSuccess || !envelope.Data) throw this.refused(envelope);
    const invoiceId = String(envelope.Data.InvoiceId);
    return { paymentId: invoiceId, invoiceId, paymentUrl: envelope.Data.PaymentURL };
  }

  /**
   * `paymentId` is what the shopper brings back (MyFatoorah's PaymentId) or what this adapter handed out (the
   * InvoiceId, digits only). The answer is keyed by the invoice either way, as the order stores it.
   */
  async getPaymentStatus(paymentId: string): Promise<PaymentStatus | null> {
    const keyType = /^\d{1,12}$/.test(paymentId) ? 'InvoiceId' : 'PaymentId';
    const envelope = await this.post<StatusData>('/v2/GetPaymentStatus', {
      Key: paymentId,
      KeyType: keyType,
    });
    if (!envelope.IsSuccess || !envelope.Data) return null;
    const data = envelope.Data;
    const orderId = Number(data.CustomerReference);
    const { status, stillPayable } = stateOf(data);
    const payableUntil = invoiceEnd(data.ExpiryDate);
    // 'Succss' is how MyFatoorah spells it in its answers.
    const paidWith = data.InvoiceTransactions.find((transaction) =>
      ['Succss', 'Success', 'SUCCESS'].includes(transaction.TransactionStatus),
    );
    const anyTransaction = paidWith ?? data.InvoiceTransactions.at(-1);
    return {
      paymentId: String(data.InvoiceId),
      invoiceId: String(data.InvoiceId),
      orderId: Number.isInteger(orderId) && orderId > 0 ? orderId : null,
      status,
      amount: Number(data.InvoiceValue),
      // Without a transaction there is nothing paid, so the currency cannot matter.
      currencyIso: isoCurrency(anyTransaction?.Currency ?? anyTransaction?.PaidCurrency),
      ...(stillPayable ? { stillPayable } : {}),
      ...(payableUntil ? { payableUntil } : {}),
    };
  }

  /**
   * MyFatoorah's v2 API has no call that withdraws an unpaid invoice (its cancel calls are for recurring payments
   * and saved cards; MakeRefund is for paid ones), so an invoice stays payable until it expires on their side.
   * The shop keeps asking about it (reconciliation) and money that arrives for an order that no longer takes it
   * becomes a refund record.
   */
  async cancel(): Promise<boolean> {
    return false;
  }
}
