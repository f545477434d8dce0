import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { createTransform, persistReducer } from 'redux-persist';
import AES from 'crypto-js/aes';
import Utf8 from 'crypto-js/enc-utf8';

import { loginRequired, sessionExpired, signedIn, signedOut } from '../../app/events';
import { sessionPersistStorage } from '../../lib/storage';

export type AuthModalView = 'login' | 'signup' | 'forgot';

export interface AuthState {
  token: string | null;
  userId: number | null;
  email: string | null;
  modal: { open: boolean; view: AuthModalView };
}

const initialState: AuthState = {
  token: null,
  userId: null,
  email: null,
  modal: { open: false, view: 'login' },
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
      state.modal = { open: true, view: action.payload ?? 'login' };
    },
    authModalViewChanged(state, action: PayloadAction<AuthModalView>) {
      state.modal.view = action.payload;
    },
    authModalClosed(state) {
      state.modal.open = false;
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(signedIn, (state, action) => {
        state.token = action.payload.token;
        state.userId = action.payload.userId;
        state.email = action.payload.email;
        state.modal.open = false;
      })
      .addCase(signedOut, clearSession)
      .addCase(sessionExpired, clearSession)
      .addCase(loginRequired, (state) => {
        state.modal = { open: true, view: 'login' };
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

export const { authModalOpened, authModalViewChanged, authModalClosed } = authSlice.actions;
export const { selectToken, selectIsAuthenticated, selectUserId, selectUserEmail, selectAuthModal } =
  authSlice.selectors;

// Spec 01 §3: the token is stored encrypted in session storage. A client-side key cannot make it secret from
// the device's owner; it keeps the raw bearer token out of casual view and copy-paste.
const STORAGE_KEY = 'gulf-storefront:session:v1';

export function encryptToken(token: string): string {
  return AES.encrypt(token, STORAGE_KEY).toString();
}

export function decryptToken(cipher: string): string | null {
  try {
    const plain = AES.decrypt(cipher, STORAGE_KEY).toString(Utf8);
    return plain || null;
  } catch {
    return null;
  }
}

export const tokenEncryptionTransform = createTransform<string | null, string | null>(
  (token) => (token ? encryptToken(token) : null),
  (cipher) => (cipher ? decryptToken(cipher) : null),
  { whitelist: ['token'] },
);

export const authReducer = persistReducer(
  {
    key: 'auth',
    storage: sessionPersistStorage,
    whitelist: ['token', 'userId', 'email'],
    transforms: [tokenEncryptionTransform],
  },
  authSlice.reducer,
);
