// `npm test`: lint, type check and jest at the same time, one exit code. Run one after the other they left a core
// idle for the minute and a half of ESLint and tsc (each uses one core); side by side the two cores stay busy.
// Jest's output streams as it comes; the lint's and the type check's are printed whole when each has finished.
//
// `npm test -- <jest arguments>` (a path, `-t name`, …) is the quick loop for one area: jest alone, with them.
const { spawn } = require('node:child_process');

const jestArgs = process.argv.slice(2);

/** Runs an npm script or binary; resolves with its exit code and, when buffered, its output. */
function run(command, args, { buffered }) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(command, args, { stdio: buffered ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
    let output = '';
    if (buffered) {
      child.stdout.on('data', (chunk) => (output += chunk));
      child.stderr.on('data', (chunk) => (output += chunk));
    }
    child.on('error', (error) => resolve({ code: 1, output: String(error), seconds: 0 }));
    child.on('exit', (code, signal) =>
      resolve({ code: code ?? (signal ? 1 : 0), output, seconds: Math.round((Date.now() - started) / 1000) }),
    );
  });
}

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';

if (jestArgs.length > 0) {
  run(npx, ['jest', ...jestArgs], { buffered: false }).then(({ code }) => process.exit(code));
} else {
  // Jest first, so its longest files start at once.
  const jest = run(npx, ['jest'], { buffered: false });
  const checks = ['lint', 'typecheck'].map((script) =>
    run(npm, ['run', '--silent', script], { buffered: true }).then((result) => {
      const verdict = result.code === 0 ? 'passed' : 'FAILED';
      process.stdout.write(`\n── npm run ${script}: ${verdict} (${result.seconds} s)\n`);
      if (result.code !== 0 || result.output.trim()) process.stdout.write(`${result.output.trimEnd()}\n`);
      return result.code;
    }),
  );
  Promise.all([jest.then((result) => result.code), ...checks]).then((codes) => {
    const failed = codes.some((code) => code !== 0);
    if (failed) process.stdout.write('\nnpm test: something failed (see above).\n');
    process.exit(failed ? 1 : 0);
  });
}
