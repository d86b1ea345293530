// Vitest in a shuffled order: files and the tests inside them run in an order drawn from a seed, so
// a test that leans on another's rows or on running first fails here instead of some day in CI.
// The seed is printed; `KOPPEL_TEST_SEED=<seed> npm run test:unit` repeats that order exactly.
// Arguments pass through to `vitest run` (e.g. `--project api`, a file path).
import { spawn } from 'node:child_process';

const seed = Number(process.env.KOPPEL_TEST_SEED ?? Math.floor(Math.random() * 1_000_000));
if (!Number.isSafeInteger(seed)) {
  console.error(`KOPPEL_TEST_SEED must be a whole number, not "${process.env.KOPPEL_TEST_SEED}"`);
  process.exit(2);
}
console.info(`Vitest shuffle seed: ${seed} (repeat this order with KOPPEL_TEST_SEED=${seed})`);

const started = performance.now();
const child = spawn(
  process.execPath,
  [
    'node_modules/vitest/vitest.mjs',
    'run',
    '--sequence.shuffle.files',
    '--sequence.shuffle.tests',
    `--sequence.seed=${seed}`,
    ...process.argv.slice(2),
  ],
  { stdio: 'inherit' },
);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => {
  const seconds = ((performance.now() - started) / 1000).toFixed(0);
  console.info(`Vitest ${code === 0 ? 'passed' : 'FAILED'} in ${seconds} s with shuffle seed ${seed}`);
  process.exit(code ?? (signal ? 1 : 0));
});
