// Moved to shared/pageChunks.ts (the server reads it too). This re-export serves src/main.tsx and
// src/app/firstRender.ts until they import shared/pageChunks.ts directly; delete it then.
export { LATER_SCRIPTS_ID, PERSONAL_COOKIE, SERVER_PAGE_ID } from '../../shared/pageChunks';
