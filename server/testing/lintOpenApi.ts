// Redocly's recommended rules over the published API document (what /api/openapi.json serves), with the
// repository's redocly.yaml and the few exceptions it allows, each with its reason, in .redocly.lint-ignore.yaml.
// `npm run lint:api` prints the problems; contract/openapi.test.ts runs it, so `npm test` fails on any of them.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { buildOpenApi } from '../../contract/openapi';

const ROOT = path.resolve(__dirname, '../..');
/** Where the ignore file's entries point (the document is linted from memory, never written there). */
export const LINTED_AS = path.join(ROOT, 'openapi.json');

export interface LintProblem {
  ruleId: string;
  severity: string;
  message: string;
  pointer: string | undefined;
}

export async function lintOpenApi(document: object = buildOpenApi()): Promise<LintProblem[]> {
  // An ES module only, loaded as one (a CommonJS require of it would fail).
  const redocly = await import('@redocly/openapi-core');
  const config = await redocly.loadConfig({ configPath: path.join(ROOT, 'redocly.yaml') });
  const problems = await redocly.lintFromString({
    source: JSON.stringify(document, null, 2),
    absoluteRef: LINTED_AS,
    config,
  });
  return problems
    .filter((problem) => !problem.ignored)
    .map((problem) => ({
      ruleId: problem.ruleId,
      severity: problem.severity,
      message: problem.message,
      pointer: problem.location[0]?.pointer,
    }));
}

async function main(): Promise<void> {
  const problems = await lintOpenApi();
  const out = process.argv[2];
  if (out) writeFileSync(out, JSON.stringify(problems));
  for (const problem of problems) {
    console.log(`${problem.severity} ${problem.ruleId}: ${problem.message} (${problem.pointer ?? '#'})`);
  }
  const errors = problems.filter((problem) => problem.severity === 'error').length;
  console.log(`redocly recommended: ${errors} errors, ${problems.length - errors} warnings`);
  if (problems.length > 0) process.exitCode = 1;
}

if (require.main === module) void main();
