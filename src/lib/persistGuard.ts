// What is read back from browser storage was written by someone: this build, an older or newer one, another key,
// a full disk cut short, a hand in the developer tools. Only fields that look like this build's reach the store;
// the rest start from the slice's defaults, and the server's answers fill them again.
import {
  createMigrate,
  type MigrationManifest,
  type PersistConfig,
  type PersistedState,
} from 'redux-persist';

export type Guard = (value: unknown) => boolean;

export const isString: Guard = (value) => typeof value === 'string';
export const isFiniteNumber: Guard = (value) => typeof value === 'number' && Number.isFinite(value);
export const isPositiveInteger: Guard = (value) => Number.isInteger(value) && (value as number) > 0;
export const nullable =
  (guard: Guard): Guard =>
  (value) =>
    value === null || guard(value);
export const arrayOf =
  (guard: Guard): Guard =>
  (value) =>
    Array.isArray(value) && value.every(guard);
export const recordOf =
  (guard: Guard): Guard =>
  (value) =>
    typeof value === 'object' && value !== null && !Array.isArray(value) && Object.values(value).every(guard);
export const shapeOf =
  (guards: Record<string, Guard>): Guard =>
  (value) =>
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    Object.entries(guards).every(([field, guard]) => guard((value as Record<string, unknown>)[field]));

type Stored = Record<string, unknown> & { _persist?: { version?: unknown } };

/**
 * The `migrate` step of a persist config that keeps only guarded fields that pass their guard; a copy written
 * under another persist version is dropped whole. `coherent` may drop fields that make no sense without others.
 */
export function keepValidFields<S>(
  guards: { [K in keyof S]?: Guard },
  coherent: (kept: Partial<S>) => Partial<S> = (kept) => kept,
): NonNullable<PersistConfig<S>['migrate']> {
  return (state: PersistedState, currentVersion: number) => {
    const stored = state as Stored | undefined;
    if (typeof stored !== 'object' || stored === null) return Promise.resolve(undefined);
    if (stored._persist?.version !== currentVersion) return Promise.resolve(undefined);
    const kept: Partial<S> = {};
    for (const [field, guard] of Object.entries(guards) as [keyof S & string, Guard | undefined][]) {
      if (guard && field in stored && guard(stored[field]))
        kept[field] = stored[field] as S[keyof S & string];
    }
    return Promise.resolve({ ...coherent(kept), _persist: state?._persist } as PersistedState);
  };
}

/** One step of a persisted shape's history: the state stored under the version before, in this version's shape. */
export type Migration = (stored: Record<string, unknown>) => Record<string, unknown>;

/**
 * The `migrate` step of a persist config whose shape changed between releases: a copy stored by an older build is
 * brought to this version's shape by redux-persist's `createMigrate` (one step per version), then `keep` (see
 * `keepValidFields`) keeps the fields that pass their guards. A copy of a newer build is dropped whole: its shape is
 * unknown here.
 */
export function migrateThenKeep<S>(
  migrations: Record<number, Migration>,
  keep: NonNullable<PersistConfig<S>['migrate']>,
): NonNullable<PersistConfig<S>['migrate']> {
  const migrate = createMigrate(migrations as unknown as MigrationManifest);
  return async (state: PersistedState, currentVersion: number) => {
    const stored = state as Stored | undefined;
    if (typeof stored !== 'object' || stored === null) return undefined;
    const version = typeof stored._persist?.version === 'number' ? stored._persist.version : -1;
    if (version > currentVersion) return undefined;
    const migrated = (await migrate(state, currentVersion)) as Stored | undefined;
    if (typeof migrated !== 'object' || migrated === null) return undefined;
    return keep(
      { ...migrated, _persist: { ...migrated._persist, version: currentVersion } } as PersistedState,
      currentVersion,
    );
  };
}
