// Lingui's catalogues: one per app, so each remote loads only its own texts, and
// only for the language in use. English is the source (the spec's texts, in the code);
// zh-CN.po is the translation. `npm run i18n` extracts and compiles them all;
// `npm run i18n:check` (part of npm run lint) fails on a missing translation or a catalogue
// the code no longer matches.
const { formatter } = require('@lingui/format-po');

const apps = [
  'shell',
  'shared-chain',
  'mfe-swap',
  'mfe-liquidity',
  'mfe-charts',
  'mfe-pools',
  'mfe-listing',
];

/** @type {import('@lingui/conf').LinguiConfig} */
module.exports = {
  locales: ['en', 'zh-CN'],
  sourceLocale: 'en',
  fallbackLocales: { default: 'en' },
  // No line numbers: a catalogue changes when a text does, not when code moves around it.
  format: formatter({ lineNumbers: false }),
  compileNamespace: 'ts',
  catalogs: apps.map((app) => ({
    path: `<rootDir>/${app}/src/locales/{locale}`,
    include: [`<rootDir>/${app}/src`],
    exclude: ['**/*.test.ts', '**/*.test.tsx', '**/node_modules/**'],
  })),
};
