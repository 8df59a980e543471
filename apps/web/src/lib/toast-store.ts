import { TOAST_DURATION_MS } from '@gds/contract';
import { create } from 'zustand';

export type ToastTone = 'success' | 'danger' | 'info';

export interface Toast {
  id: number;
  message: string;
  tone: ToastTone;
}

interface ToastState {
  toasts: Toast[];
  dismiss: (id: number) => void;
}

let nextId = 1;
const timers = new Map<number, ReturnType<typeof setTimeout>>();

export const useToastStore = create<ToastState>()((set) => ({
  toasts: [],
  dismiss: (id) => {
    clearTimeout(timers.get(id));
    timers.delete(id);
    set((state) => ({ toasts: state.toasts.filter((toast) => toast.id !== id) }));
  },
}));

/** Shows a toast for TOAST_DURATION_MS unless told otherwise; returns its id. */
export function showToast(
  message: string,
  options: { tone?: ToastTone; durationMs?: number } = {},
): number {
  const id = nextId++;
  const toast: Toast = { id, message, tone: options.tone ?? 'info' };
  useToastStore.setState((state) => ({ toasts: [...state.toasts, toast] }));
  timers.set(
    id,
    setTimeout(() => useToastStore.getState().dismiss(id), options.durationMs ?? TOAST_DURATION_MS),
  );
  return id;
}
