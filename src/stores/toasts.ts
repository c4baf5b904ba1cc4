import { create } from 'zustand';

export type ToastKind = 'success' | 'error';
type Deliver = (kind: ToastKind, message: string) => void;

/**
 * Toasts without loading the toast library with every page (issue 21): the first toast mounts
 * the toaster (sonner, 9 kB gzip), which then shows it and every toast after. Until the toaster
 * has subscribed, toasts wait here in order, so none raised while it loads is lost.
 */
export const useToasterStore = create<{ wanted: boolean }>()(() => ({ wanted: false }));

const waiting: Array<[ToastKind, string]> = [];
let deliver: Deliver | null = null;

export function showToast(kind: ToastKind, message: string) {
  if (deliver) return deliver(kind, message);
  waiting.push([kind, message]);
  useToasterStore.setState({ wanted: true });
}

/** Called by the mounted toaster: shows what waited and takes every later toast; the result detaches it. */
export function attachToaster(show: Deliver) {
  deliver = show;
  for (const [kind, message] of waiting.splice(0)) show(kind, message);
  return () => {
    if (deliver === show) deliver = null;
  };
}
