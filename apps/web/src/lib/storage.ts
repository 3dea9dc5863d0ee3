/** Browser storage keys of the product, and safe access to them (storage can be disabled or full). */
export const ACCESS_TOKEN_KEY = 'rehabit.access_token';
export const REDIRECT_PATH_KEY = 'rehabit.redirect_path';

function safely<T>(action: () => T, fallback: T): T {
  try {
    return action();
  } catch {
    return fallback;
  }
}

/**
 * Whose the stored token is, a patient's or a staff member's: a page can then start the right first requests
 * before the current user is known (a patient's tab opening a staff address starts none of the staff's).
 */
export const SIGNED_IN_SIDE_KEY = 'rehabit.signed_in_side';
export type SignedInSide = 'staff' | 'patient';

export const readToken = () => safely(() => window.localStorage.getItem(ACCESS_TOKEN_KEY), null);
export const writeToken = (token: string) =>
  safely(() => window.localStorage.setItem(ACCESS_TOKEN_KEY, token), undefined);
export const removeToken = () =>
  safely(() => {
    window.localStorage.removeItem(ACCESS_TOKEN_KEY);
    window.localStorage.removeItem(SIGNED_IN_SIDE_KEY);
  }, undefined);
export const readSignedInSide = (): SignedInSide | null =>
  safely(() => {
    const side = window.localStorage.getItem(SIGNED_IN_SIDE_KEY);
    return side === 'staff' || side === 'patient' ? side : null;
  }, null);
export const writeSignedInSide = (side: SignedInSide) =>
  safely(() => window.localStorage.setItem(SIGNED_IN_SIDE_KEY, side), undefined);

/** Only same-site paths are remembered, so a crafted link cannot send someone off-site after sign-in. */
export const isSafeRedirect = (path: string | null): path is string =>
  !!path && path.startsWith('/') && !path.startsWith('//') && !path.startsWith('/\\');

export const rememberRedirectPath = (path: string) =>
  safely(() => {
    if (isSafeRedirect(path)) window.sessionStorage.setItem(REDIRECT_PATH_KEY, path);
  }, undefined);

/** Reads and forgets the path wanted before sign-in. */
export function takeRedirectPath(): string | null {
  const path = safely(() => window.sessionStorage.getItem(REDIRECT_PATH_KEY), null);
  safely(() => window.sessionStorage.removeItem(REDIRECT_PATH_KEY), undefined);
  return isSafeRedirect(path) ? path : null;
}

export const forgetRedirectPath = () => safely(() => window.sessionStorage.removeItem(REDIRECT_PATH_KEY), undefined);

/** A value kept for the tab only (it survives a reload, not the tab), under one of the product's keys. */
export const readTabValue = (key: string) => safely(() => window.sessionStorage.getItem(key), null);
export const writeTabValue = (key: string, value: string | null) =>
  safely(() => {
    if (value) window.sessionStorage.setItem(key, value);
    else window.sessionStorage.removeItem(key);
  }, undefined);
