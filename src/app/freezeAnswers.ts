import { isFulfilled, type Middleware } from '@reduxjs/toolkit';

import { api } from './api';

/** Freezes an object and everything in it (in place); frozen parts are not walked again. */
export function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const key of Object.keys(value)) deepFreeze((value as Record<string, unknown>)[key]);
  }
  return value;
}

/**
 * Freezes an API answer before RTK Query's reducer stores it. Immer freezes it there anyway, but it first walks a
 * new plain object property by property looking for drafts: 30 ms at full CPU speed for the catalogue's 146 KB
 * (four times that on a phone, in the first moments of every page), against half a millisecond to freeze it here,
 * after which immer skips it whole.
 */
export const freezeAnswers: Middleware = () => (next) => (action) => {
  if (isFulfilled(action) && action.type.startsWith(`${api.reducerPath}/`)) deepFreeze(action.payload);
  return next(action);
};
