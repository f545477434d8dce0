// Toasts without react-toastify in the first JavaScript: the library loads with the container, just after the
// first paint, and messages sent before that wait for it.
import type { ToastOptions } from 'react-toastify';

type Toastify = typeof import('react-toastify');
type Kind = 'success' | 'error' | 'info' | 'warning';

let markReady: (module: Toastify) => void = () => undefined;
const ready = new Promise<Toastify>((resolve) => {
  markReady = resolve;
});

/** Called by the mounted toast container (src/shell/Toasts.tsx). */
export function toastContainerMounted(module: Toastify): void {
  markReady(module);
}

function show(kind: Kind, message: string, options?: ToastOptions): void {
  void ready.then(({ toast }) => toast[kind](message, options));
}

export const notify = {
  success: (message: string, options?: ToastOptions) => show('success', message, options),
  error: (message: string, options?: ToastOptions) => show('error', message, options),
  info: (message: string, options?: ToastOptions) => show('info', message, options),
  warning: (message: string, options?: ToastOptions) => show('warning', message, options),
};
