import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { persistReducer } from 'redux-persist';

import {
  loginRequired,
  profileEmailChanged,
  roleAnswered,
  sessionExpired,
  signedIn,
  signedOut,
} from '../../app/events';
import { isFiniteNumber, isString, keepValidFields, nullable } from '../../lib/persistGuard';
import { readItem, removeItem, writeItem } from '../../lib/storage';

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
}

export interface AuthState {
  token: string | null;
  userId: number | null;
  email: string | null;
  /** shopper, staff or owner, as the sign-in answered (older sessions: null, a shopper) */
  role?: string | null;
  modal: AuthModalState;
}

const initialState: AuthState = {
  token: null,
  userId: null,
  email: null,
  role: null,
  modal: { open: false, view: 'login', email: null },
};

function clearSession(state: AuthState) {
  state.token = null;
  state.userId = null;
  state.email = null;
  state.role = null;
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
        state.role = action.payload.role ?? null;
        state.modal = { open: false, view: 'login', email: null };
      })
      // The profile confirmed a new address with its code: the session goes on under it.
      .addCase(profileEmailChanged, (state, action) => {
        if (state.userId === action.payload.userId) state.email = action.payload.email;
      })
      .addCase(roleAnswered, (state, action) => {
        // null: the signed-in account, whoever it is (a refused back office call)
        if (state.token !== null && (action.payload.userId ?? state.userId) === state.userId)
          state.role = action.payload.role;
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
    selectIsStaff: (state) => state.token !== null && (state.role === 'staff' || state.role === 'owner'),
    selectRole: (state) => (state.token !== null ? (state.role ?? null) : null),
  },
});

export const { authModalOpened, authModalViewChanged, authFlowAdvanced, authModalClosed } = authSlice.actions;
export const {
  selectToken,
  selectIsAuthenticated,
  selectUserId,
  selectUserEmail,
  selectAuthModal,
  selectIsStaff,
  selectRole,
} = authSlice.selectors;

// The token is stored encrypted in session storage (see tokenCipher.ts). The cipher (crypto-js) loads only when
// there is a token to read or write, so a guest's first JavaScript does not carry it.
const loadCipher = () => import(/* webpackChunkName: "token-cipher" */ './tokenCipher');

/**
 * Starts loading the cipher before a sign-in can end (the account dialog calls it when it opens): the new token's
 * write waits for it, and a page left within that wait would lose the session.
 */
export function prepareTokenCipher(): void {
  void loadCipher().catch(() => undefined);
}

type Cipher = Awaited<ReturnType<typeof loadCipher>>;

/** redux-persist stores each key JSON-encoded inside the outer JSON; this rewrites the token key only. */
async function withToken(serialized: string, change: (cipher: Cipher, token: string) => string | null) {
  let outer: Record<string, string>;
  let token: unknown;
  try {
    outer = JSON.parse(serialized) as Record<string, string>;
    token = outer.token === undefined ? null : (JSON.parse(outer.token) as unknown);
  } catch {
    // Damaged storage: the persist guard drops what does not have the expected shape.
    return serialized;
  }
  if (typeof token !== 'string' || token === '') return serialized;
  outer.token = JSON.stringify(change(await loadCipher(), token));
  return JSON.stringify(outer);
}

const encryptedSessionStorage = {
  getItem: async (key: string) => {
    const stored = readItem('session', key);
    return stored === null ? null : withToken(stored, (cipher, token) => cipher.decryptToken(token));
  },
  setItem: async (key: string, value: string) => {
    writeItem('session', key, await withToken(value, (cipher, token) => cipher.encryptToken(token)));
  },
  removeItem: (key: string) => Promise.resolve(removeItem('session', key)),
};

export const authReducer = persistReducer(
  {
    key: 'auth',
    storage: encryptedSessionStorage,
    whitelist: ['token', 'userId', 'email', 'role'],
    // The account's id and e-mail mean nothing without a session that decrypts (another key, another build).
    migrate: keepValidFields<AuthState>(
      {
        token: isString,
        userId: nullable(isFiniteNumber),
        email: nullable(isString),
        role: nullable(isString),
      },
      (kept) => (kept.token ? kept : {}),
    ),
  },
  authSlice.reducer,
);
