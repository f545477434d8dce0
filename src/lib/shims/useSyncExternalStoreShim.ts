// React 18 has useSyncExternalStore built in; react-i18next's shim package only adds a fallback for older Reacts.
export { useSyncExternalStore } from 'react';
