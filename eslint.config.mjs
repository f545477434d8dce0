import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { importX } from 'eslint-plugin-import-x';
import prettier from 'eslint-config-prettier';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';

const FEATURES = [
  'auth',
  'cart',
  'shipping',
  'coupon',
  'favorites',
  'checkout',
  'orders',
  'profile',
  'catalog',
  'settings',
  'content',
  'admin',
];

export default tseslint.config(
  {
    ignores: [
      'node_modules',
      'dist',
      'build',
      'data',
      'coverage',
      'shots',
      'test-results',
      'playwright-report',
      'public',
      '**/*.js',
      '**/*.cjs',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strict,
  importX.flatConfigs.recommended,
  importX.flatConfigs.typescript,
  {
    plugins: { 'react-hooks': reactHooks },
    settings: { 'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })] },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      'import-x/order': ['error', { groups: ['builtin', 'external', 'internal', 'parent', 'sibling'] }],
      // Our own files only: no cycle of ours passes through node_modules, and following packages' type files was most
      // of the lint's time (docs/performance.md, "Test loop").
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      // The type check (npm run typecheck, part of npm test) already refuses a missing namespace member or default
      // export; these two parsed every imported package to say it again (typescript-eslint's performance advice).
      'import-x/namespace': 'off',
      'import-x/default': 'off',
      'import-x/no-named-as-default-member': 'off',
      'import-x/no-named-as-default': 'off',
      // RTK Query's `build.mutation<Result, void>` is the documented way to type an argument-less call.
      '@typescript-eslint/no-invalid-void-type': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    rules: {
      // Typed hooks only: components use useAppSelector / useAppDispatch from src/app/hooks. The contract gives
      // the SPA types only, so it adds nothing to the bundle.
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'react-redux',
              importNames: ['useSelector', 'useDispatch', 'useStore'],
              message: 'Use the typed hooks from src/app/hooks.',
            },
          ],
          patterns: [
            {
              group: ['**/contract', '**/contract/*'],
              allowTypeImports: true,
              message: 'The SPA takes only types from contract/ (import type / export type).',
            },
          ],
        },
      ],
      // Features never reach into each other's folders; shared pieces live in src/ui or src/lib.
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: FEATURES.map((name) => ({
            target: `./src/features/${name}`,
            from: './src/features',
            // A feature's own folder, and every feature's public face (features/<name>/public.ts).
            except: [
              `./${name}`,
              ...FEATURES.filter((other) => other !== name).map((other) => `./${other}/public.ts`),
            ],
            message:
              "Features import each other only through the other feature's public.ts; shared code goes to src/ui or src/lib.",
          })).concat(
            ['./src/ui', './src/lib'].map((target) => ({
              target,
              from: ['./src/features', './src/app'],
              message:
                'Shared parts import no feature and not the app: pass what they need (language, direction …) in as props.',
            })),
          ),
        },
      ],
    },
  },
  {
    // The layers (README "Architecture map"): contract/ and shared/ at the bottom, the server and the SPA above them
    // side by side. The server runs no SPA code: the one page it renders is the SPA's own bundle for Node
    // (dist/ssr/render.js, built by webpack), loaded by path at run time (server/plugins/pageRenderer.ts).
    files: ['server/**/*.ts', 'contract/**/*.ts', 'shared/**/*.ts'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: ['./server', './contract', './shared'],
              from: './src',
              message:
                'The server, the contract and shared code import nothing from src/: code both sides run goes to shared/.',
            },
            {
              target: './shared',
              from: './server',
              message: 'shared/ is the bottom layer: it imports nothing from server/.',
            },
            ...['services', 'routes', 'plugins'].map((layer) => ({
              target: './server/db',
              from: `./server/${layer}`,
              // routes/testSupport.ts is no route: the tests' helper that writes test data (db/postgres.test.ts uses it).
              except: layer === 'routes' ? ['./testSupport.ts'] : [],
              message:
                'db/ is the bottom of the server: it imports no service, route or plugin (what both need goes to server/lib).',
            })),
          ],
        },
      ],
    },
  },
  {
    // One data layer (README "Architecture map"): every SQL statement lives in server/db/queries/<aggregate>.ts;
    // services, routes, plugins and lib call those functions and never see drizzle or the schema (the db handle's
    // type comes from db/client, row types from the queries files that re-export them).
    files: [
      'server/services/**/*.ts',
      'server/routes/**/*.ts',
      'server/plugins/**/*.ts',
      'server/lib/**/*.ts',
    ],
    // Tests set up their data straight in the database; routes/testSupport.ts is the route tests' helper.
    ignores: ['server/**/*.test.ts', 'server/routes/testSupport.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['drizzle-orm', 'drizzle-orm/*'],
              message: 'SQL lives in server/db/queries/<aggregate>.ts: call a function there.',
            },
            {
              group: ['**/db/schema', '**/db/schema/*'],
              message:
                'The schema is for server/db/ only: take row types from the queries file that re-exports them.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/app/hooks.ts'],
    rules: { '@typescript-eslint/no-restricted-imports': 'off' },
  },
  prettier,
);
