import { useSyncExternalStore } from 'react';
import { readToken } from './storage.ts';

/**
 * The bearer token the API client and the socket send, and nothing more of who is signed in. The session's auth
 * store (`features/session`) owns the token and hands every change here: the transport below the features never
 * imports one, and until the store has loaded the token is the stored one, which is where the store starts too.
 */
let token: string | null = readToken();
const listeners = new Set<(next: string | null, previous: string | null) => void>();

export const getToken = () => token;

/** Called by the auth store only; listeners hear each change once, with the token it replaced. */
export function setToken(next: string | null) {
  if (next === token) return;
  const previous = token;
  token = next;
  for (const listener of listeners) listener(next, previous);
}

export function onTokenChange(listener: (next: string | null, previous: string | null) => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

const subscribe = (changed: () => void) => onTokenChange(changed);

/** Whether a token is held, for pieces below the features that only differ signed in (the toasts' loading). */
export const useHasToken = () => useSyncExternalStore(subscribe, () => token !== null);
