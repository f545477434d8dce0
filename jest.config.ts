import type { Config } from 'jest';

// SWC only transpiles (`npm run typecheck` is the type check), in native code: a fresh clone's first run compiled every
// file with TypeScript's own compiler in each worker (ts-jest), a minute and a half of CPU on its own.
const typeScript: [string, Record<string, unknown>] = [
  '@swc/jest',
  {
    swcrc: false,
    jsc: {
      parser: { syntax: 'typescript', tsx: true },
      transform: { react: { runtime: 'automatic' } },
      target: 'es2022',
    },
  },
];
const transform: Config['transform'] = { '^.+\\.tsx?$': typeScript };

// msw depends on a few ESM-only packages; they are compiled to CommonJS like our own code.
const ESM_PACKAGES = [
  'rettime',
  'until-async',
  '@mswjs',
  'msw',
  'headers-polyfill',
  'outvariant',
  'strict-event-emitter',
];
/** ESM-only dependencies compiled to CommonJS like our own code. */
const esmPackageTransform: [string, unknown] = [
  '@swc/jest',
  { swcrc: false, jsc: { parser: { syntax: 'ecmascript' }, target: 'es2022' } },
];
const webTransform: Config['transform'] = { ...transform, '^.+\\.m?js$': esmPackageTransform };

const serverTransform: Config['transform'] = {
  // PGlite's CommonJS build loads Node built-ins with `await import()`, which jest's CommonJS runtime
  // rejects; the transform rewrites those to require (see the file for why TypeScript cannot).
  '/node_modules/@electric-sql/pglite/dist/.+\\.cjs$': '<rootDir>/server/testing/pgliteJestTransform.cjs',
  // React Email's renderer loads react-dom/server with `await import()` too: the same rewrite.
  '/node_modules/@react-email/render/dist/.+\\.cjs$': '<rootDir>/server/testing/pgliteJestTransform.cjs',
  ...transform,
  // ESM-only server dependencies (jose; typebox; content-disposition via @fastify/static; cookie via
  // light-my-request; the structured-data validator and its extractor, in tests) compiled to CommonJS like our own code.
  '^.+\\.m?js$': esmPackageTransform,
};
/** React Email's code block only loads Prism (see server/testing/codeBlockStub.ts); no mail shows code. */
const serverModuleNameMapper: Config['moduleNameMapper'] = {
  '^@react-email/code-block$': '<rootDir>/server/testing/codeBlockStub.ts',
  // A dynamic import in the server's CommonJS names the file it loads once built (server/mails/orderMails.tsx).
  '^(\\.{1,2}/.+)\\.js$': '$1',
  // TypeBox as one bundle of its ~700 modules, made by the global setup (server/testing/typeboxBundle.cjs).
  '^typebox$': '<rootDir>/node_modules/.cache/typebox-jest/root.cjs',
  '^typebox/(compile|error|format|guard|schema|system|type|value)$':
    '<rootDir>/node_modules/.cache/typebox-jest/$1.cjs',
};
const BUNDLE_TYPEBOX = '<rootDir>/server/testing/typeboxBundle.cjs';
const SERVER_ESM_PACKAGES =
  '/node_modules/(?!(jose|typebox|content-disposition|cookie|@electric-sql/pglite|@react-email/render|@adobe/structured-data-validator|@marbec/web-auto-extractor)/)';

const config: Config = {
  // Jest's default is one worker fewer than the cores, and a single worker runs every file in band: on a 2-core
  // machine that left one core idle for the whole run. The suites are CPU-bound (PGlite, jsdom), one per core.
  maxWorkers: '100%',
  // Jest reads the test timeout from the top level only (a project's own testTimeout is ignored); the longest
  // one the projects ask for, so a busy machine does not fail tests that are merely slow.
  testTimeout: 30_000,
  projects: [
    {
      displayName: 'web',
      testTimeout: 20_000,
      testEnvironment: 'jest-fixed-jsdom',
      testEnvironmentOptions: { customExportConditions: [''] },
      roots: ['<rootDir>/src'],
      // The page renderer's tests run in Node (see the `ssr` project).
      testPathIgnorePatterns: ['/node_modules/', '\\.ssr\\.test\\.tsx?$'],
      transform: webTransform,
      transformIgnorePatterns: [`/node_modules/(?!(${ESM_PACKAGES.join('|')})/)(?!.*\\.mjs$)`],
      setupFilesAfterEnv: ['<rootDir>/src/testing/setupTests.ts'],
      moduleNameMapper: {
        '\\.(css)$': 'identity-obj-proxy',
        '\\.(png|jpe?g|svg|webp|gif)$': '<rootDir>/src/testing/fileStub.ts',
      },
    },
    {
      displayName: 'server',
      testEnvironment: 'node',
      roots: [
        '<rootDir>/server',
        '<rootDir>/contract',
        '<rootDir>/shared',
        '<rootDir>/docs',
        '<rootDir>/bench',
      ],
      // A cold start builds the migrated PGlite template (about 5 s of initdb) once per machine.
      testTimeout: 30_000,
      globalSetup: BUNDLE_TYPEBOX,
      transform: serverTransform,
      transformIgnorePatterns: [SERVER_ESM_PACKAGES],
      moduleNameMapper: serverModuleNameMapper,
    },
    {
      // The SPA rendered as the server renders it (src/app/renderPage.tsx): in Node, with no window, against the
      // whole server in process.
      displayName: 'ssr',
      testEnvironment: 'node',
      roots: ['<rootDir>/src'],
      testMatch: ['**/*.ssr.test.ts?(x)'],
      globalSetup: BUNDLE_TYPEBOX,
      transform: serverTransform,
      transformIgnorePatterns: [SERVER_ESM_PACKAGES],
      moduleNameMapper: {
        ...serverModuleNameMapper,
        '\\.(css)$': 'identity-obj-proxy',
        '\\.(png|jpe?g|svg|webp|gif)$': '<rootDir>/src/testing/fileStub.ts',
      },
    },
  ],
};

export default config;
