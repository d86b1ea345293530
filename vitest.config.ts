import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Two cores: PGlite per file is CPU-bound, so keep the pool small.
    maxWorkers: 2,
    // A worker runs its files one after another in one module graph: the app's modules and
    // PGlite's WebAssembly load once per worker instead of once per file (about a third less CPU
    // for the API tests). Each file still gets its own database and app; tests restore what they
    // stub (`afterEach`), and these settings undo anything left over.
    isolate: false,
    unstubEnvs: true,
    unstubGlobals: true,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['src/*.test.ts', 'src/shared/**/*.test.ts', 'src/web/**/*.test.{ts,tsx}'],
          environment: 'node',
        },
      },
      {
        extends: true,
        test: {
          name: 'api',
          include: ['src/server/**/*.test.ts'],
          environment: 'node',
          // A limit that catches a hang, not a slow machine: on a busy two-core machine a test
          // that opens its own PGlite took 63 s (30 s was the limit then).
          testTimeout: 90_000,
          // Opening a database and an app on a busy two-core machine has taken over a minute.
          hookTimeout: 120_000,
          // Migrate once per run; each file's database is a copy of that template.
          globalSetup: ['src/server/test/global-setup.ts'],
        },
      },
    ],
  },
});
