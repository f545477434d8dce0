import { appServices, type AppServices } from '../app/services';

type Kind = keyof AppServices['notify'];

/** Services for a store under test: the real texts; toasts are recorded, never shown. */
export function fakeServices() {
  const toasts: { kind: Kind; message: string; toastId?: string | number }[] = [];
  const record =
    (kind: Kind) =>
    (message: string, options?: { toastId?: string | number }): void =>
      void toasts.push({ kind, message, toastId: options?.toastId });
  const services: AppServices = {
    t: appServices.t,
    notify: {
      success: record('success'),
      error: record('error'),
      info: record('info'),
      warning: record('warning'),
    },
  };
  return { services, toasts };
}
