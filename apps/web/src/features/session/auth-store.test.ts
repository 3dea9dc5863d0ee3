import { ApiError } from '@web/lib/api-error.ts';
import { resetClientStores } from '@web/lib/client-state.ts';
import { ACCESS_TOKEN_KEY } from '@web/lib/storage.ts';
import { beforeEach, describe, expect, it } from 'vitest';
import { useAuthStore } from './auth-store.ts';

const failure = new ApiError({ type: 'about:blank', title: 'No', status: 401, code: 'invalid_credentials' });

describe('auth store', () => {
  beforeEach(() => useAuthStore.setState({ token: null, status: 'idle', error: null, hasSignedOut: false }));

  it('a sign-in request sets loading', () => {
    useAuthStore.getState().signinStarted();
    expect(useAuthStore.getState().status).toBe('loading');
  });

  it('success stores the token and persists it under the product key', () => {
    useAuthStore.getState().signinStarted();
    useAuthStore.getState().signinSucceeded('tok');
    expect(useAuthStore.getState()).toMatchObject({ token: 'tok', status: 'success', error: null });
    expect(window.localStorage.getItem(ACCESS_TOKEN_KEY)).toBe('tok');
  });

  it('an error clears the token and removes it from storage', () => {
    useAuthStore.getState().signinSucceeded('old');
    useAuthStore.getState().signinFailed(failure);
    expect(useAuthStore.getState()).toMatchObject({ token: null, status: 'error', error: failure });
    expect(window.localStorage.getItem(ACCESS_TOKEN_KEY)).toBeNull();
  });

  it('logout clears the token, and a reset of all stores does too', () => {
    useAuthStore.getState().signinSucceeded('tok');
    useAuthStore.getState().clear(true);
    expect(useAuthStore.getState()).toMatchObject({ token: null, hasSignedOut: true });
    expect(window.localStorage.getItem(ACCESS_TOKEN_KEY)).toBeNull();
    useAuthStore.getState().signinSucceeded('tok2');
    resetClientStores();
    expect(useAuthStore.getState().token).toBeNull();
  });

  it('follows another tab signing out', () => {
    useAuthStore.getState().signinSucceeded('tok');
    window.localStorage.removeItem(ACCESS_TOKEN_KEY);
    window.dispatchEvent(new StorageEvent('storage', { key: ACCESS_TOKEN_KEY, newValue: null }));
    expect(useAuthStore.getState().token).toBeNull();
  });
});
