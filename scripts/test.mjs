// `npm test`: every check, one after the other, each to its end even when an earlier one failed
// (a red type-check must not hide what the end-to-end tests would say), then a table of what
// passed and how long each took. Exits non-zero when any step failed.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';

const STEPS = [
  ['typecheck', 'npm run typecheck'],
  ['lint', 'npm run lint'],
  ['unit + API (Vitest, PGlite)', 'npm run test:unit'],
  ['end-to-end (build + Playwright)', 'npm run test:e2e'],
];

function run(command) {
  return new Promise((resolve) => {
    const child = spawn(command, { shell: true, stdio: 'inherit' });
    const stop = (signal) => child.kill(signal);
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
    child.on('exit', (code) => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      resolve(code ?? 1);
    });
  });
}

const seconds = (ms) => `${(ms / 1000).toFixed(0)} s`;
const results = [];
const started = performance.now();
for (const [name, command] of STEPS) {
  console.info(`\n▶ ${name}: ${command}`);
  const stepStarted = performance.now();
  const code = await run(command);
  results.push({ name, code, ms: performance.now() - stepStarted });
}
const total = performance.now() - started;

console.info('\nnpm test:');
for (const { name, code, ms } of results) {
  console.info(`  ${code === 0 ? 'ok    ' : 'FAILED'}  ${seconds(ms).padStart(6)}  ${name}`);
}
console.info(`  total   ${seconds(total).padStart(6)}`);
// Vitest's failures scrolled away under the end-to-end run's output: name them again here.
const vitestFailures = 'test-results-vitest/failures.txt';
if (existsSync(vitestFailures)) {
  console.info('\nVitest failed:');
  for (const line of readFileSync(vitestFailures, 'utf8').trim().split('\n')) {
    console.info(`  ${line.slice(0, 400)}`);
  }
}
process.exit(results.some((r) => r.code !== 0) ? 1 : 0);
