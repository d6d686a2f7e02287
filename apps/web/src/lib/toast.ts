import { Toast } from 'antd-mobile';

/** A short message at the centre of the screen. */
export function toast(message: string): void {
  if (!message) return;
  Toast.show({ content: message, duration: 2500 });
}

export function toastSuccess(message: string): void {
  if (!message) return;
  Toast.show({ content: message, icon: 'success', duration: 2000 });
}
