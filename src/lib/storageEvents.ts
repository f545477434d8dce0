// Changes other tabs make to redux-persist's keys (the storage event). Apart from storage.ts so that this code
// loads only with the cross-tab sync, after the first render; it reads nothing from storage itself.
/**
 * Calls back when another tab of this browser changes a redux-persist key in localStorage (the storage event
 * never fires in the tab that wrote). The value arrives as redux-persist stores it: each field JSON-encoded.
 */
export function onPersistedChange(
  key: string,
  callback: (fields: Record<string, unknown> | null) => void,
): () => void {
  let local: Storage;
  try {
    local = window.localStorage;
  } catch {
    // Storage disabled: there is nothing shared between tabs to follow.
    return () => undefined;
  }
  const storageKey = `persist:${key}`;
  const listener = (event: StorageEvent) => {
    if (event.key !== storageKey || event.storageArea !== local) return;
    if (event.newValue === null) return callback(null);
    try {
      const outer = JSON.parse(event.newValue) as Record<string, string>;
      const fields: Record<string, unknown> = {};
      for (const [field, value] of Object.entries(outer)) {
        if (field !== '_persist') fields[field] = JSON.parse(value) as unknown;
      }
      callback(fields);
    } catch {
      // Not written by redux-persist: nothing to follow.
    }
  };
  window.addEventListener('storage', listener);
  return () => window.removeEventListener('storage', listener);
}
