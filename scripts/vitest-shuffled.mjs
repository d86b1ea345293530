// Vitest in a shuffled order: files and the tests inside them run in an order drawn from a seed, so
// a test that leans on another's rows or on running first fails here instead of some day in CI.
// The seed is printed; `KOPPEL_TEST_SEED=<seed> npm run test:unit` repeats that order exactly.
// Arguments pass through to `vitest run` (e.g. `--project api`, a file path).
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';

// Read by `npm test` (scripts/test.mjs) to name the failed tests again at the very end.
const REPORT = 'test-results-vitest/report.json';
const FAILURES = 'test-results-vitest/failures.txt';

const seed = Number(process.env.KOPPEL_TEST_SEED ?? Math.floor(Math.random() * 1_000_000));
if (!Number.isSafeInteger(seed)) {
  console.error(`KOPPEL_TEST_SEED must be a whole number, not "${process.env.KOPPEL_TEST_SEED}"`);
  process.exit(2);
}
console.info(`Vitest shuffle seed: ${seed} (repeat this order with KOPPEL_TEST_SEED=${seed})`);

rmSync('test-results-vitest', { recursive: true, force: true });
mkdirSync('test-results-vitest', { recursive: true });

/** The failed tests of the JSON report, a line each with the first line of their error. */
function failedTests() {
  if (!existsSync(REPORT)) return ['(no report: Vitest stopped before writing it)'];
  let report;
  try {
    report = JSON.parse(readFileSync(REPORT, 'utf8'));
  } catch (error) {
    return [`(the report could not be read: ${error.message})`];
  }
  const lines = [];
  for (const file of report.testResults ?? []) {
    const path = file.name.replace(`${process.cwd()}/`, '');
    const failed = (file.assertionResults ?? []).filter((t) => t.status === 'failed');
    if (failed.length === 0 && file.status === 'failed') {
      lines.push(`${path}: ${firstLine(file.message)}`);
    }
    for (const test of failed) {
      // A timeout's message here is only "STACK_TRACE_ERROR": its duration tells it apart.
      const ms = Math.round(test.duration ?? 0);
      lines.push(`${path} > ${test.fullName} (${ms} ms): ${firstLine(test.failureMessages?.[0])}`);
    }
  }
  return lines;
}

function firstLine(text) {
  return (text ?? '').split('\n').find((line) => line.trim() !== '') ?? '';
}

const started = performance.now();
const child = spawn(
  process.execPath,
  [
    'node_modules/vitest/vitest.mjs',
    'run',
    '--sequence.shuffle.files',
    '--sequence.shuffle.tests',
    `--sequence.seed=${seed}`,
    // Besides the usual report, a JSON one that `npm test` reads to name the failed tests again at
    // the end of its output, where a long end-to-end run would otherwise have pushed them away.
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${REPORT}`,
    ...process.argv.slice(2),
  ],
  { stdio: 'inherit' },
);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => {
  const seconds = ((performance.now() - started) / 1000).toFixed(0);
  console.info(`Vitest ${code === 0 ? 'passed' : 'FAILED'} in ${seconds} s with shuffle seed ${seed}`);
  if (code !== 0) {
    const summary = [`shuffle seed ${seed}`, ...failedTests()].join('\n');
    console.info(summary);
    writeFileSync(FAILURES, `${summary}\n`);
  }
  process.exit(code ?? (signal ? 1 : 0));
});
