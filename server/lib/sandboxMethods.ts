// The sandbox gateway's payment methods: the gateway (services/payments) offers them and the seed draws their logos.
export interface SandboxMethod {
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
