import { appServices, type AppServices } from '../app/services';

type Kind = keyof AppServices['notify'];

/** Services for a store under test: the real texts; toasts and stored values are recorded, never shown or kept. */
export function fakeServices() {
  const toasts: { kind: Kind; message: string; toastId?: string | number }[] = [];
  const stored = new Map<string, unknown>();
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
    storage: {
      readJson: <T>(area: string, key: string) => (stored.get(`${area}:${key}`) as T | undefined) ?? null,
      writeJson: (area, key, value) => void stored.set(`${area}:${key}`, structuredClone(value)),
    },
  };
  return { services, toasts, stored };
}
