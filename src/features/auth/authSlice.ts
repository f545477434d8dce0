import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { createTransform, persistReducer } from 'redux-persist';
import AES from 'crypto-js/aes';
import Utf8 from 'crypto-js/enc-utf8';

import { loginRequired, profileEmailChanged, sessionExpired, signedIn, signedOut } from '../../app/events';
import { isFiniteNumber, isString, keepValidFields, nullable } from '../../lib/persistGuard';
import { sessionPersistStorage } from '../../lib/storage';

/**
 * The auth modal's screens. login/signup are its two tabs; the others replace them in the same dialog, so closing
 * it closes the whole flow: forgot → reset, signup → verify (six boxes), login of an unverified
 * account → verifyLogin (single field).
 */
export type AuthModalView = 'login' | 'signup' | 'forgot' | 'reset' | 'verify' | 'verifyLogin';

export interface AuthModalState {
  open: boolean;
  view: AuthModalView;
  /** The e-mail the flow is about (verification, reset, the login form after 'login again'). */
  email?: string | null;
  /** The new account's id between registration and verification (the verify answer may omit it). */
  userId?: number | null;
  /** Why the verification screen is shown: after registration, or to confirm a changed e-mail. */
  purpose?: 'emailChange' | null;
}

export interface AuthState {
  token: string | null;
  userId: number | null;
  email: string | null;
  modal: AuthModalState;
}

const initialState: AuthState = {
  token: null,
  userId: null,
  email: null,
  modal: { open: false, view: 'login', email: null },
};

function clearSession(state: AuthState) {
  state.token = null;
  state.userId = null;
  state.email = null;
}

const authSlice = createSlice({
  name: 'auth',
  initialState,
  reducers: {
    authModalOpened(state, action: PayloadAction<AuthModalView | undefined>) {
      state.modal = { open: true, view: action.payload ?? 'login', email: null };
    },
    authModalViewChanged(state, action: PayloadAction<AuthModalView>) {
      state.modal.view = action.payload;
    },
    /** A step of a flow moves the dialog on to the next screen for one e-mail (e.g. forgot → reset). */
    authFlowAdvanced(
      state,
      action: PayloadAction<{ view: AuthModalView; email: string; userId?: number | null }>,
    ) {
      const { view, email, userId = null } = action.payload;
      state.modal = { open: true, view, email, userId };
    },
    authModalClosed(state) {
      state.modal = { open: false, view: 'login', email: null };
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(signedIn, (state, action) => {
        state.token = action.payload.token;
        state.userId = action.payload.userId;
        state.email = action.payload.email;
        state.modal = { open: false, view: 'login', email: null };
      })
      // The session goes on under the new address once its code comes back (the verify answer signs in).
      .addCase(profileEmailChanged, (state, action) => {
        const { email, userId } = action.payload;
        state.email = email;
        state.modal = { open: true, view: 'verify', email, userId, purpose: 'emailChange' };
      })
      .addCase(signedOut, clearSession)
      .addCase(sessionExpired, clearSession)
      // How other features ask for a login without importing auth internals (product detail, favorites,
      // coupons): dispatch `loginRequired()` from app/events to open this modal on the login tab, and listen
      // for `signedIn` (also in app/events) with startAppListening to learn that the shopper is now signed in
      // (e.g. to retry an add to cart). Registration, social login and verification all end in `signedIn`.
      .addCase(loginRequired, (state) => {
        if (state.token !== null) return;
        state.modal = { open: true, view: 'login', email: null };
      });
  },
  selectors: {
    selectToken: (state) => state.token,
    selectIsAuthenticated: (state) => state.token !== null,
    selectUserId: (state) => state.userId,
    selectUserEmail: (state) => state.email,
    selectAuthModal: (state) => state.modal,
  },
});

export const { authModalOpened, authModalViewChanged, authFlowAdvanced, authModalClosed } = authSlice.actions;
export const { selectToken, selectIsAuthenticated, selectUserId, selectUserEmail, selectAuthModal } =
  authSlice.selectors;

// The token is stored encrypted in session storage. A client-side key cannot make it secret from
// the device's owner; it keeps the raw bearer token out of casual view and copy-paste.
const STORAGE_KEY = 'gulf-storefront:session:v1';

export function encryptToken(token: string): string {
  return AES.encrypt(token, STORAGE_KEY).toString();
}

/** The characters a bearer token is made of; what another key decrypts to is (almost always) something else. */
const TOKEN_PATTERN = /^[A-Za-z0-9._~+/=-]+$/;

export function decryptToken(cipher: string): string | null {
  try {
    const plain = AES.decrypt(cipher, STORAGE_KEY).toString(Utf8);
    return TOKEN_PATTERN.test(plain) ? plain : null;
  } catch {
    return null;
  }
}

export const tokenEncryptionTransform = createTransform<string | null, string | null>(
  (token) => (token ? encryptToken(token) : null),
  (cipher) => (typeof cipher === 'string' && cipher ? decryptToken(cipher) : null),
  { whitelist: ['token'] },
);

export const authReducer = persistReducer(
  {
    key: 'auth',
    storage: sessionPersistStorage,
    whitelist: ['token', 'userId', 'email'],
    transforms: [tokenEncryptionTransform],
    // The account's id and e-mail mean nothing without a session that decrypts (another key, another build).
    migrate: keepValidFields<AuthState>(
      { token: isString, userId: nullable(isFiniteNumber), email: nullable(isString) },
      (kept) => (kept.token ? kept : {}),
    ),
  },
  authSlice.reducer,
);
