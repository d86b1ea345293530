import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Two cores: PGlite per file is CPU-bound, so keep the pool small.
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'unit',
          include: ['src/*.test.ts', 'src/shared/**/*.test.ts', 'src/web/**/*.test.{ts,tsx}'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'api',
          include: ['src/server/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
