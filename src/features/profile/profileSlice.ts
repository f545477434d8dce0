import { createSlice } from '@reduxjs/toolkit';

import { profileEmailChanged, sessionExpired, signedIn, signedOut } from '../../app/events';

export interface ProfileState {
  /** A changed e-mail whose code has not come back yet (the profile offers to enter it). */
  emailAwaitingCode: string | null;
}

const initialState: ProfileState = { emailAwaitingCode: null };

const profileSlice = createSlice({
  name: 'profile',
  initialState,
  reducers: {},
  extraReducers: (builder) => {
    builder
      .addCase(profileEmailChanged, (state, action) => {
        state.emailAwaitingCode = action.payload.email;
      })
      .addCase(signedIn, () => initialState)
      .addCase(signedOut, () => initialState)
      .addCase(sessionExpired, () => initialState);
  },
  selectors: {
    selectEmailAwaitingCode: (state) => state.emailAwaitingCode,
  },
});

export const { selectEmailAwaitingCode } = profileSlice.selectors;
export const profileReducer = profileSlice.reducer;
