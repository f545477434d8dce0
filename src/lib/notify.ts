// Toasts without react-toastify in any page's first JavaScript: the container (and the library with it) mounts
// on the first message, which waits for it.
import type { ToastOptions } from 'react-toastify';

type Toastify = typeof import('react-toastify');
type Kind = 'success' | 'error' | 'info' | 'warning';

let markReady: (module: Toastify) => void = () => undefined;
const ready = new Promise<Toastify>((resolve) => {
  markReady = resolve;
});

let wanted = false;
const wantedListeners = new Set<() => void>();

/** Whether a message was ever sent, so the container must be there (src/shell/Toasts.tsx). */
export const toastsWanted = (): boolean => wanted;

export function subscribeToastsWanted(listener: () => void): () => void {
  wantedListeners.add(listener);
  return () => wantedListeners.delete(listener);
}

/** Called by the mounted toast container (src/shell/Toasts.tsx). */
export function toastContainerMounted(module: Toastify): void {
  markReady(module);
}

function show(kind: Kind, message: string, options?: ToastOptions): void {
  if (!wanted) {
    wanted = true;
    wantedListeners.forEach((listener) => listener());
  }
  void ready.then(({ toast }) => toast[kind](message, options));
}

export const notify = {
  success: (message: string, options?: ToastOptions) => show('success', message, options),
  error: (message: string, options?: ToastOptions) => show('error', message, options),
  info: (message: string, options?: ToastOptions) => show('info', message, options),
  warning: (message: string, options?: ToastOptions) => show('warning', message, options),
};
