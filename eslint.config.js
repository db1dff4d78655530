import js from '@eslint/js';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { defineConfig } from 'eslint/config';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { DOMAIN_RANKS, unrankedDomains } from './eslint/domainRanks.js';
import { noTypeCycle } from './eslint/noTypeCycle.js';

// Tests, browser journeys and their helpers (src/server/test/ and the testFixtures.ts kind beside a domain).
const TESTS = ['**/*.test.{ts,tsx}', 'e2e/**', 'src/server/test/**', 'src/server/**/test[A-Z]*.ts'];

// The server's layers, from the bottom up. A folder of src/server that is not named here is a domain
// (auth, orders, ..., and every new one), so a new domain is covered without touching this file.
const BASE = [
  'src/server/core/**',
  'src/server/http/**',
  'src/server/db/!(seed*)',
  'src/server/db/!(seed*)/**',
  'src/server/{config,policy,types}.ts',
];
const DOMAINS = 'src/server/!(core|db|http|plugins|test)/**';
const PLUGINS = 'src/server/plugins/**';
const ENTRY = 'src/server/{app,routes,main}.ts';
// Scripts that wire everything together: the demo seed and the test harness.
const SCRIPTS = ['src/server/db/seed*', 'src/server/db/seed/**', 'src/server/test/**'];

const unranked = unrankedDomains(readdirSync('src/server', { withFileTypes: true }));
if (unranked.length > 0) {
  throw new Error(`Rank the server domain ${unranked.join(', ')} in DOMAIN_RANKS (eslint/domainRanks.js, decision 016).`);
}

const zone = (target, from, message) => ({ target, from, message });
const domainFolder = (name) => `src/server/${name}/**`;
const domainOrder = DOMAIN_RANKS.flatMap((rank, index) => {
  const above = DOMAIN_RANKS.slice(index + 1).flat();
  return rank.flatMap((name) => {
    const higher = [...rank.filter((other) => other !== name), ...above];
    const message = `Server domains import only domains ranked below them: ${DOMAIN_RANKS.map((r) => r.join(', ')).join(' < ')} (decision 016).`;
    return higher.length > 0 ? [zone(domainFolder(name), higher.map(domainFolder), message)] : [];
  });
});

const sharedStaysShared = zone('src/shared/**', ['src/client/**', 'src/server/**'], 'src/shared is loaded by both sides.');
const serverWithoutClient = zone('src/server/**', 'src/client/**', 'The server never imports client code.');
const layers = [
  sharedStaysShared,
  serverWithoutClient,
  zone('src/client/**', 'src/server/**', 'The client reaches the server only over the network.'),
  zone(
    BASE,
    [DOMAINS, PLUGINS, ENTRY, ...SCRIPTS],
    'The base (core, db, http, config, policy, types) imports no layer above it.',
  ),
  zone(DOMAINS, [PLUGINS, ENTRY, ...SCRIPTS], 'A domain imports only the base, src/shared and other domains.'),
  zone(PLUGINS, [ENTRY, ...SCRIPTS], 'A plugin imports the base and domains, never the app that registers it.'),
  ...domainOrder,
];

// The client's rooms, after bulletproof-react's unidirectional codebase: shared -> features -> app.
// components/ and lib/ are shared by every feature; each folder of features/ is one domain word
// (read from disk, so a new feature is covered without touching this file); app/ composes them.
const FEATURES = readdirSync('src/client/features', { withFileTypes: true }).filter((entry) => entry.isDirectory());
const clientRooms = [
  zone(
    ['src/client/components/**', 'src/client/lib/**', 'src/client/pwa/**'],
    ['src/client/features/**', 'src/client/app/**'],
    'components, lib and pwa are shared by every feature, so they import no feature and not the app.',
  ),
  zone(
    'src/client/features/**',
    'src/client/app/**',
    'A feature never imports the app; what both need lives in components or lib.',
  ),
  ...FEATURES.map(({ name }) => ({
    ...zone(
      `src/client/features/${name}/**`,
      'src/client/features',
      'A feature imports no other feature; what two features share lives in components, lib or src/shared.',
    ),
    except: [`./${name}`],
  })),
];
const clientCycles = noTypeCycle(path.resolve('src/client'), path.resolve('tsconfig.json'));

export default defineConfig(
  {
    ignores: [
      'dist',
      'node_modules',
      'data',
      'src/server/db/migrations',
      'coverage',
      'test-results',
      'e2e/.artifacts',
      '**/*.cjs',
    ],
  },
  js.configs.recommended,
  tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      globals: { ...globals.node, ...globals.browser },
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    plugins: { 'import-x': importX },
    settings: {
      ...importX.flatConfigs.typescript.settings,
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: 'tsconfig.json' })],
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      // React ignores what an event handler returns, and react-hook-form's handleSubmit returns a promise.
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      // Fastify plugins must be async even when they await nothing, and so must methods of async interfaces.
      '@typescript-eslint/require-await': 'off',
      '@typescript-eslint/no-unnecessary-condition': 'error',
      '@typescript-eslint/no-deprecated': 'error',
      '@typescript-eslint/no-misused-spread': 'error',
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': ['error', { zones: layers }],
    },
  },
  {
    files: TESTS,
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: [sharedStaysShared, serverWithoutClient] }],
      // Tests read app.inject's untyped response.json(); checking its fields is the assertion itself.
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      // Teardown guards what a failed beforeAll may have left unset, which the declared types cannot say.
      '@typescript-eslint/no-unnecessary-condition': 'off',
    },
  },
  {
    files: ['e2e/**/*.ts'],
    rules: {
      // Playwright reads the fixtures a fixture or test needs from its first parameter's pattern, even an empty one.
      'no-empty-pattern': ['error', { allowObjectPatternsAsParameters: true }],
      // The journeys run in Node, where the browser's window.origin would stand silently for the `origin` fixture.
      'no-restricted-globals': ['error', 'origin', 'name'],
    },
  },
  {
    files: ['src/shared/**', 'src/client/**'],
    ignores: TESTS,
    rules: { 'import-x/no-nodejs-modules': 'error' },
  },
  {
    files: ['src/client/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  // The client's rooms (see clientRooms above); client tests keep the test zones.
  {
    files: ['src/client/**'],
    ignores: TESTS,
    rules: { 'import-x/no-restricted-paths': ['error', { zones: [...layers, ...clientRooms] }] },
  },
  {
    files: ['src/client/**/*.{ts,tsx}'],
    plugins: { client: { rules: { 'no-type-cycle': clientCycles } } },
    rules: { 'client/no-type-cycle': 'error' },
  },
  {
    files: ['**/*.{js,mjs}'],
    ...tseslint.configs.disableTypeChecked,
  },
);
