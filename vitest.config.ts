import { fileURLToPath } from 'node:url';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

// Two kinds of test, one run: the helpers, server and API tests in Node, and the client's
// component tests (*.test.tsx under src/client) in a jsdom page, against a faked fetch.
const node: TestProjectInlineConfiguration = {
  extends: true,
  test: {
    name: 'node',
    include: ['src/**/*.test.ts'],
    environment: 'node',
    // One module graph per worker instead of one per file: importing the server (Fastify,
    // drizzle, PGlite, zod schemas) again for each of ~160 files cost more than their tests.
    isolate: false,
    // Migrates one template database that every test file's database is copied from, and names the
    // folder of the throwaway S3 store (Swift) the storage tests start there when they need it.
    globalSetup: ['src/server/test/globalSetup.ts', 'src/server/test/swiftGlobalSetup.ts'],
  },
};
const dom: TestProjectInlineConfiguration = {
  extends: true,
  test: {
    name: 'dom',
    include: ['src/client/**/*.test.tsx'],
    environment: 'jsdom',
    // As in the node project: importing React, Radix and the pages again for each of ~40 files
    // cost more than their tests (the project took 61 s on two cores, 25 s sharing modules). Each
    // file still gets a fresh jsdom window, and setup.ts empties what the pages keep between tests.
    isolate: false,
    setupFiles: ['src/client/test/setup.ts'],
  },
};

export default defineConfig({
  resolve: {
    alias: {
      '@shared': fileURLToPath(new URL('./src/shared', import.meta.url)),
      '@': fileURLToPath(new URL('./src/client', import.meta.url)),
    },
  },
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Worker threads, not child processes: the whole run took a fifth less time and CPU.
    pool: 'threads',
    maxWorkers: 2,
    // TEST_NODE_ONLY=1 leaves the component tests out: CI's PostgreSQL pass, since they never reach
    // a database and ran in its PGlite pass.
    projects: process.env.TEST_NODE_ONLY === '1' ? [node] : [node, dom],
  },
});
