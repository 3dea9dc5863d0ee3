import { setToken } from '@web/lib/access-token.ts';
import type { ApiError } from '@web/lib/api-error.ts';
import { registerReset } from '@web/lib/client-state.ts';
import {
  ACCESS_TOKEN_KEY,
  readToken,
  removeToken,
  type SignedInSide,
  writeSignedInSide,
  writeToken,
} from '@web/lib/storage.ts';
import { create } from 'zustand';

type AuthStatus = 'idle' | 'loading' | 'success' | 'error';

type AuthState = {
  token: string | null;
  status: AuthStatus;
  error: ApiError | null;
  /** True after the person signed out on purpose: the page they were on is not worth returning to. */
  hasSignedOut: boolean;
  signinStarted: () => void;
  /** A token is stored with its side, a patient's or a staff member's sign-in. */
  signinSucceeded: (token: string, side?: SignedInSide) => void;
  signinFailed: (error: ApiError) => void;
  /** Forgets the token here and in storage (logout, or a session the server no longer knows). */
  clear: (isVoluntary?: boolean) => void;
};

/** Sign-in (decision 1312): loading on request, token persisted on success, cleared on error. */
export const useAuthStore = create<AuthState>()((set) => ({
  token: readToken(),
  status: 'idle',
  error: null,
  hasSignedOut: false,
  signinStarted: () => set({ status: 'loading', error: null }),
  signinSucceeded: (token, side = 'staff') => {
    writeToken(token);
    writeSignedInSide(side);
    set({ token, status: 'success', error: null, hasSignedOut: false });
  },
  signinFailed: (error) => {
    removeToken();
    set({ token: null, status: 'error', error });
  },
  clear: (isVoluntary = false) => {
    removeToken();
    set({ token: null, status: 'idle', error: null, hasSignedOut: isVoluntary });
  },
}));

// The API client and the socket read the token below the features; each change reaches them at once.
setToken(useAuthStore.getState().token);
useAuthStore.subscribe((state) => setToken(state.token));

registerReset(() => useAuthStore.getState().clear());

// Another tab signing in or out changes the shared storage; follow it so tabs never disagree.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key !== ACCESS_TOKEN_KEY && event.key !== null) return;
    const token = readToken();
    if (token !== useAuthStore.getState().token) useAuthStore.setState({ token, status: 'idle', error: null });
  });
}
