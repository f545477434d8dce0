import type { ThunkDispatch, TypedStartListening, UnknownAction } from '@reduxjs/toolkit';

import type { AppServices } from './services';
import type { RootState } from './store';

export type AppStartListening = TypedStartListening<
  RootState,
  ThunkDispatch<RootState, AppServices, UnknownAction>,
  AppServices
>;
