import type { Config } from 'jest';

// ts-jest only transpiles; `npm run typecheck` is the type check.
const transform: Config['transform'] = {
  '^.+\\.tsx?$': [
    'ts-jest',
    {
      isolatedModules: true,
      tsconfig: { jsx: 'react-jsx', module: 'CommonJS', moduleResolution: 'Node', esModuleInterop: true },
    },
  ],
};

const config: Config = {
  projects: [
    {
      displayName: 'web',
      testEnvironment: 'jest-fixed-jsdom',
      testEnvironmentOptions: { customExportConditions: [''] },
      roots: ['<rootDir>/src'],
      transform,
      setupFilesAfterEnv: ['<rootDir>/src/testing/setupTests.ts'],
      moduleNameMapper: {
        '\\.(css)$': 'identity-obj-proxy',
        '\\.(png|jpe?g|svg|webp|gif)$': '<rootDir>/src/testing/fileStub.ts',
      },
    },
    {
      displayName: 'server',
      testEnvironment: 'node',
      roots: ['<rootDir>/server'],
      transform,
    },
  ],
};

export default config;
