// Shared jest settings: every package transpiles TypeScript/TSX with swc (no type-check here;
// `npm run typecheck` does that) and keeps tests beside the code as *.test.ts(x).
const path = require('node:path');
const { linguiSwcPluginFor } = require('./mf-config/src/lingui');

/** @param {{ dir: string, environment?: 'node' | 'jsdom', setup?: string[] }} opts */
module.exports = function createJestConfig({ dir, environment = 'node', setup = [] }) {
  return {
    rootDir: dir,
    testEnvironment: environment === 'jsdom' ? require.resolve('jest-fixed-jsdom') : 'node',
    roots: ['<rootDir>/src'],
    testMatch: ['**/*.test.ts', '**/*.test.tsx'],
    // shared-chain's own texts take the i18n instance by path, every app's from the package.
    transform: Object.fromEntries(
      [
        ['^.+/shared-chain/src/.+\\.(t|j)sx?$', path.join(__dirname, 'shared-chain/src/x.ts')],
        ['^.+\\.(t|j)sx?$', path.join(__dirname, 'shell/src/x.ts')],
      ].map(([pattern, file]) => [
        pattern,
        [
          require.resolve('@swc/jest'),
          {
            jsc: {
              parser: { syntax: 'typescript', tsx: true },
              transform: { react: { runtime: 'automatic' } },
              target: 'es2022',
              experimental: { plugins: [linguiSwcPluginFor(file)] },
            },
            module: { type: 'commonjs' },
          },
        ],
      ]),
    ),
    // ethers/tronweb and wouter ship ESM-only pieces; let swc transpile those too.
    transformIgnorePatterns: [
      '/node_modules/(?!(@noble|@scure|ethereum-cryptography|wouter|regexparam)/)',
    ],
    moduleNameMapper: {
      '\\.(css|svg|png)$': path.join(__dirname, 'jest.file-stub.cjs'),
    },
    setupFiles: [
      path.join(__dirname, 'jest.offline.cjs'),
      path.join(__dirname, 'jest.dialog.cjs'),
      path.join(__dirname, 'jest.waits.cjs'),
    ],
    setupFilesAfterEnv: setup,
    globals: { __APP_NAME__: 'test-app', __APP_VERSION__: '0.0.0-test', __SHELL_VARIANT__: 'app' },
  };
};
