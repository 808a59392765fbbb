// Architecture guards live here as lint rules:
// - only shared-chain talks to chains: ethers/tronweb are banned in the shell and the remotes
//   (devnet and e2e are the local chain and the test harness, not the product);
// - remotes never import each other or the shell; no package reaches into another's src/.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import lingui from 'eslint-plugin-lingui';

const chainLibs = {
  paths: [
    { name: 'ethers', message: 'Only @jmswap/shared-chain may import ethers.' },
    { name: 'tronweb', message: 'Only @jmswap/shared-chain may import tronweb.' },
  ],
  patterns: [
    {
      group: ['ethers/*', 'tronweb/*', '@tronweb3/*'],
      message: 'Only @jmswap/shared-chain talks to chains.',
    },
    {
      group: ['@jmswap/*/src', '@jmswap/*/src/*', '../*/src/*', '../../*/src/*'],
      message: "No package reaches into another's src/.",
    },
  ],
};
const remoteNames = ['swap', 'liquidity', 'charts', 'pools', 'listing'];
/** Globs of the sources whose every user-visible text goes through the catalogue (the lingui
 * block below); an app's `<app>/src/**\/*.{ts,tsx}` is added once its texts are translated. */
const translated = [
  'shell/src/**/*.{ts,tsx}',
  'mfe-swap/src/**/*.{ts,tsx}',
  'mfe-liquidity/src/**/*.{ts,tsx}',
  'mfe-listing/src/**/*.{ts,tsx}',
  'mfe-charts/src/**/*.{ts,tsx}',
  'mfe-pools/src/**/*.{ts,tsx}',
  'shared-chain/src/**/*.{ts,tsx}',
];
/** A hex, rgb()/rgba() or hsl()/hsla() colour inside a string. */
const COLOUR = String.raw`/#[0-9a-fA-F]{3,8}\b|\b(rgb|hsl)a?\(/`;

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/dist-deploy/**',
      '**/coverage/**',
      '.run/**',
      '**/test-results/**',
      'devnet/artifacts/**',
      '**/@mf-types/**',
      'shared-chain/src/**/*.generated.js',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/no-require-imports': 'off',
    },
  },
  {
    files: ['**/*.tsx', '**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  { files: ['shell/**', 'mf-config/**'], rules: { 'no-restricted-imports': ['error', chainLibs] } },
  // The api reads chains with fetch (JSON-RPC, the TRON event API); its tests may use the
  // devnet's ethers to make swaps and check the hand-written decoding.
  {
    files: ['api/**'],
    ignores: ['api/**/*.test.ts', 'api/src/test/**'],
    rules: { 'no-restricted-imports': ['error', chainLibs] },
  },
  ...remoteNames.map((name) => ({
    files: [`mfe-${name}/**`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: chainLibs.paths,
          patterns: [
            ...chainLibs.patterns,
            {
              group: [
                '@jmswap/shell',
                '@jmswap/shell/*',
                ...remoteNames
                  .filter((r) => r !== name)
                  .flatMap((r) => [
                    `@jmswap/mfe-${r}`,
                    `@jmswap/mfe-${r}/*`,
                    `mfe_${r}/*`,
                    `../mfe-${r}/*`,
                    `../../mfe-${r}/*`,
                  ]),
              ],
              message:
                'Remotes never import each other or the shell; they meet through shared-chain and the shell routes.',
            },
          ],
        },
      ],
    },
  })),
  {
    files: ['shared-chain/**', 'devnet/**', 'e2e/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: chainLibs.patterns.slice(1) }] },
  },
  // shared-chain does not import itself: its files import each other by relative
  // path. The feature entries are bundled by the remotes, not shared, so what has state (the
  // wallet session, readers, settings) they reach through singleton.ts, the one module that
  // takes it from the package: the page's one copy. The pure core/ reaches none of that.
  ...[
    { files: ['shared-chain/src/**'], ignores: ['shared-chain/src/singleton.ts'], own: [] },
    {
      files: ['shared-chain/src/core/**'],
      own: [
        {
          regex: String.raw`^(\.\./)+(services|adapters|react|bus|singleton|index)(/|$)`,
          message:
            'core/ is the pure core: no services, adapters, React, bus or singleton; take what it needs as arguments.',
        },
      ],
    },
  ].map(({ files, ignores, own }) => ({
    files,
    ...(ignores && { ignores }),
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...chainLibs.patterns.slice(1),
            {
              group: ['@jmswap/shared-chain', '@jmswap/shared-chain/*'],
              message:
                'Inside shared-chain import the file by relative path; state the feature code needs comes through src/singleton.ts.',
            },
            ...own,
          ],
        },
      ],
    },
  })),
  // Colours come from the design tokens (shared-chain/theme/tokens.css): no colour
  // literal in the apps' code (their CSS files: stylelint, .stylelintrc.json). No <style>
  // element either: styles live in those CSS files.
  {
    files: [
      'shell/src/**/*.{ts,tsx}',
      'mfe-*/src/**/*.{ts,tsx}',
      'shared-chain/src/react/**/*.{ts,tsx}',
      'widget-sdk/src/**/*.ts',
    ],
    // Tests hold partners' colours as data; the widget's option schema parses them.
    ignores: ['**/*.test.ts', '**/*.test.tsx', 'shell/src/widget/options.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...['Literal[value', 'TemplateElement[value.raw'].map((node) => ({
          selector: `${node}=${COLOUR}]`,
          message:
            'A colour here is a design token: var(--name) from shared-chain/theme/tokens.css.',
        })),
        {
          // The pages' Content-Security-Policy refuses an inline <style>: the panel would show
          // unstyled (mf-config's csp.js).
          selector: "JSXOpeningElement[name.name='style']",
          message: "The page's CSP refuses a <style> element: put the rules in the app's CSS file.",
        },
      ],
    },
  },
  // Every text a user reads comes from the message catalogue: Lingui's macros
  // (`t`, `msg`, `plural`, `useLingui`); a bare string in a component fails here. Each app's
  // source is listed once its texts are translated (`translated` below).
  {
    files: translated,
    ignores: [
      '**/*.test.ts',
      '**/*.test.tsx',
      '**/locales/**',
      // No user-visible text: the operators' diagnostics (a remote's raw error, shown as is in
      // its fallback's Details) and the widget's CSS rules.
      'shell/src/remotes/{failover,integrity,skew}.ts',
      'shell/src/widget/style.ts',
      // shared-chain: generated ABIs, test doubles and helpers, and the networks.json check
      // (its errors are for the operators who edit the file).
      'shared-chain/src/adapters/abis.generated.ts',
      'shared-chain/src/adapters/tokenProbe.generated.ts',
      'shared-chain/src/config/tokenListValidator.generated.js',
      'shared-chain/src/**/testing/**',
      'shared-chain/src/**/*.testing.ts',
      'shared-chain/src/testing.ts',
      'shared-chain/src/config/schema.ts',
      'shared-chain/src/**/*.bench.ts',
    ],
    plugins: { lingui },
    rules: {
      'lingui/t-call-in-function': 'error',
      'lingui/no-unlocalized-strings': [
        'error',
        {
          ignore: [
            // identifiers, CSS classes, ids, keys, paths and URLs, units and symbols
            '^[\\w.:/#?&=%+-]*$',
            '^(jm|data)-',
            '^[a-z]+(-[a-z]+)*( [a-z]+(-[a-z]+)*)*$',
            // ABI signatures and types: 'balanceOf(address)', 'uint256[]'
            '^[\\w,]*(\\([\\w,\\[\\]]*\\))?(\\[\\])?$',
          ],
          ignoreNames: [
            {
              regex: {
                pattern:
                  '^(className|class|id|key|type|role|name|href|src|rel|target|method|mode|variant|kind|status|as|to|path|testId|htmlFor|autoComplete|inputMode|pattern|lang|dir|style|displayName|chunkName|app|remote|module|network|symbol|code|cause|reason|event|format|beforeChartFormat)$',
              },
            },
            {
              regex: {
                pattern:
                  '^(data|aria-(controls|describedby|labelledby|live|haspopup|current|expanded|hidden|pressed|selected))',
              },
            },
            { regex: { pattern: '^[A-Z0-9_]+$' } },
          ],
          ignoreFunctions: [
            'console.*',
            'Error',
            'ChainError',
            // a node's failure, for the logs and the operators' reports
            'NodeFailure',
            'Symbol.for',
            'TypeError',
            'RangeError',
            'URL',
            'URLSearchParams',
            'fetch',
            'localStorage.*',
            'sessionStorage.*',
            'document.*',
            'window.*',
            'addEventListener',
            'removeEventListener',
            'postMessage',
            'querySelector',
            'querySelectorAll',
            'setAttribute',
            'getAttribute',
            'matchMedia',
            'Intl.*',
            'lazy',
            'loadRemote',
            'registerCatalog',
            'report*',
            'log*',
            'warn*',
            'track*',
          ],
          ignoreMethodsOnTypes: ['Map.get', 'Map.has', 'Set.has', 'String.split', 'Array.includes'],
          useTsTypes: false,
        },
      ],
    },
  },
  // Lingui's compiled catalogues open with /*eslint-disable*/, which nothing here needs.
  {
    files: ['*/src/locales/*.ts'],
    linterOptions: { reportUnusedDisableDirectives: 'off' },
  },
  {
    files: ['**/*.cjs', '**/*.js', '**/*.mjs'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['**/*.test.ts', '**/*.test.tsx', '**/*.test.js'],
    languageOptions: { globals: globals.jest },
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
);
