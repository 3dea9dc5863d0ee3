import { createElement } from 'react';
import { type TypeOptions, toast } from 'react-toastify/unstyled';

export type ToastType = Extract<TypeOptions, 'success' | 'error' | 'warning' | 'info' | 'default'>;

/** Seed §2: toasts of type success, error, warning, info or default carry a message. */
export function notify(message: string, type: ToastType = 'default', options: { id?: string } = {}) {
  // A fixed id keeps one toast per cause (e.g. several calls failing for the same ended session).
  return toast(message, {
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
  toast(
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
