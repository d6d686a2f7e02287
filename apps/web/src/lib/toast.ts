import type { ReactNode } from 'react';

type ToastOptions = { content: ReactNode; icon?: 'success' | 'fail' | 'loading'; duration?: number };

/*
 * Toasts are rare (a refusal, a success, a settled option) and none is on the first screen, so
 * antd-mobile's Toast and its animation library are fetched when the first one is shown. Toasts
 * keep their order: each waits for the same loaded module.
 */
let loaded: Promise<typeof import('./toast-show')> | undefined;

/** Any toast of antd-mobile (content may be an element), shown once its code is here. */
export function showToast(options: ToastOptions): void {
  loaded ??= import('./toast-show');
  void loaded.then((m) => m.showToast(options));
}

/** A short message at the centre of the screen. */
export function toast(message: string): void {
  if (!message) return;
  showToast({ content: message, duration: 2500 });
}

export function toastSuccess(message: string): void {
  if (!message) return;
  showToast({ content: message, icon: 'success', duration: 2000 });
}
