// Placeholder owned by part B of the server: B replaces this file with the real gateway interface and the
// sandbox gateway. app.ts only needs `PaymentGateway` and `createDefaultGateway`.
import type { Config } from '../config';

// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface PaymentGateway {}

export function createDefaultGateway(_config: Config): PaymentGateway {
  return {};
}
