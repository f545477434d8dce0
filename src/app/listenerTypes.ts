import type { TypedStartListening, ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';

import type { RootState } from './store';

export type AppStartListening = TypedStartListening<
  RootState,
  ThunkDispatch<RootState, unknown, UnknownAction>
>;
