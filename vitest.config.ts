import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineConfig({
  test: {
    projects: [
      {
        plugins: [react()],
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.{ts,tsx}'],
          // The rule book's tests need no DOM; a file that does says so in its first line
          // (`// @vitest-environment jsdom`). Building a jsdom window took about 1.1 s per file,
          // more than half of the unit run.
          environment: 'node',
          setupFiles: ['tests/unit/setup.ts'],
          // user-event typing is slow on a loaded 2-core machine; behaviour, not speed, is tested.
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: 'server',
          include: ['tests/server/**/*.test.ts'],
          environment: 'node',
          // One migrated, seeded database a run, copied for each app (helpers/seeded-template.ts).
          globalSetup: ['tests/server/helpers/seeded-template.ts'],
          // Each file builds its own app on its own database; argon2 hashing is CPU-bound.
          testTimeout: 30_000,
          // The files share one module graph per worker: each builds its own app and database,
          // and no server module keeps state across apps, so re-importing the whole server for
          // every file (about 2.5 s each, 200 s a run) bought nothing.
          isolate: false,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          // Three built instances behind HAProxy on PostgreSQL: run after `npm run build`, under
          // scripts/with-postgres.mjs (scripts/test-all.mjs does both).
          name: 'cluster',
          include: ['tests/cluster/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
