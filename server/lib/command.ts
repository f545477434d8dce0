import { DataDirError } from '../db/dataDir';

/**
 * Runs a command-line tool's main (npm run staff, npm run seed) and exits with its code; a data folder it may not
 * touch is said in one line ("Not changed: …"), anything else with its stack.
 */
export function runCommand(main: () => Promise<number>): void {
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error instanceof DataDirError ? `Not changed: ${error.message}` : error);
      process.exit(1);
    },
  );
}
