// shadcn's toast store: module state shared by `toast()`, `useToast()` and <Toaster />. The
// renderer's bundles keep this file in one shared chunk, so all three see the same list.
import * as React from 'react';
import { type ToastActionElement, type ToastProps } from './toast';

const TOAST_LIMIT = 1;
const TOAST_REMOVE_DELAY = 5000;

type ToasterToast = ToastProps & {
  id: string;
  title?: React.ReactNode;
  description?: React.ReactNode;
  action?: ToastActionElement;
};

interface State {
  toasts: ToasterToast[];
}

let count = 0;
let memoryState: State = { toasts: [] };
const listeners: ((state: State) => void)[] = [];

function setState(next: (state: State) => State): void {
  memoryState = next(memoryState);
  for (const listener of listeners) listener(memoryState);
}

function dismiss(toastId?: string): void {
  setState((s) => ({
    toasts: s.toasts.map((t) => (toastId === undefined || t.id === toastId ? { ...t, open: false } : t)),
  }));
  setTimeout(() => {
    setState((s) => ({
      toasts: s.toasts.filter((t) => t.open !== false || (toastId !== undefined && t.id !== toastId)),
    }));
  }, TOAST_REMOVE_DELAY);
}

type Toast = Omit<ToasterToast, 'id'>;

export function toast(props: Toast) {
  count = (count + 1) % Number.MAX_SAFE_INTEGER;
  const id = String(count);
  const update = (next: ToasterToast) =>
    setState((s) => ({ toasts: s.toasts.map((t) => (t.id === id ? { ...t, ...next } : t)) }));
  setState((s) => ({
    toasts: [
      {
        ...props,
        id,
        open: true,
        onOpenChange: (open: boolean) => {
          if (!open) dismiss(id);
        },
      },
      ...s.toasts,
    ].slice(0, TOAST_LIMIT),
  }));
  return { id, dismiss: () => dismiss(id), update };
}

export function useToast() {
  const [state, set] = React.useState<State>(memoryState);
  React.useEffect(() => {
    listeners.push(set);
    return () => {
      const index = listeners.indexOf(set);
      if (index > -1) listeners.splice(index, 1);
    };
  }, []);
  return { ...state, toast, dismiss };
}
