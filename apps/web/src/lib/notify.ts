import { createElement, type ReactNode } from 'react';
import type { ToastOptions, TypeOptions } from 'react-toastify/unstyled';

export type ToastType = Extract<TypeOptions, 'success' | 'error' | 'warning' | 'info' | 'default'>;

type ToastLibrary = typeof import('react-toastify/unstyled');
let library: Promise<ToastLibrary> | undefined;
const listeners = new Set<() => void>();
let asked = false;

/**
 * The toast library loads with the first toast, or once someone is signed in (`prepareToasts`), so a sign-in page
 * never downloads it (decision 1170). A download that fails (the connection dropped) is tried again by the next
 * toast.
 */
function loadLibrary(): Promise<ToastLibrary> {
  if (!library) {
    const loading = import('react-toastify/unstyled');
    library = loading;
    loading.catch(() => {
      if (library === loading) library = undefined;
    });
    asked = true;
    for (const listener of listeners) listener();
  }
  return library;
}

/**
 * Fetches the toast library ahead of the first toast: a toast saying the connection dropped must not need the
 * connection to show.
 */
export const prepareToasts = () => void loadLibrary().catch(() => {});

/**
 * A toast asked for before the library or its container is ready waits in the library's own queue and shows as the
 * container mounts, so none is lost while they load.
 */
function show(content: ReactNode, options: ToastOptions) {
  loadLibrary().then(
    ({ toast }) => toast(content, options),
    () => console.error('Toasts could not be loaded; one was not shown.'),
  );
}

/** Whether a toast was asked for yet: the toaster puts its container on the page from then on. */
export const toastsAsked = {
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  current: () => asked,
};

/** Toasts of type success, error, warning, info or default carry a message (decision 1310). */
export function notify(message: string, type: ToastType = 'default', options: { id?: string } = {}) {
  // A fixed id keeps one toast per cause (e.g. several calls failing for the same ended session).
  show(message, {
    type,
    toastId: options.id,
    role: type === 'error' || type === 'warning' ? 'alert' : 'status',
  });
}

notify.success = (message: string) => notify(message, 'success');
notify.error = (message: string) => notify(message, 'error');
notify.warning = (message: string) => notify(message, 'warning');
notify.info = (message: string) => notify(message, 'info');

/** How long a toast with an action stays, in ms. */
export const ACTION_TOAST_MS = 20_000;

/** A toast with one action (e.g. Undo): the action runs, and the click closes the toast as any click does. */
notify.withAction = (message: string, action: { label: string; onClick: () => void }, type: ToastType = 'success') =>
  show(
    createElement(
      'span',
      { className: 'toast-action' },
      createElement('span', null, message),
      createElement(
        'button',
        { type: 'button', className: 'toast-action__button', onClick: action.onClick },
        action.label,
      ),
    ),
    // Long enough to reach the action by keyboard or screen reader; it still pauses on hover and focus.
    { type, role: 'status', autoClose: ACTION_TOAST_MS },
  );
