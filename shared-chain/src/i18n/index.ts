import { registerCatalog, type CatalogLoader } from './catalogs';
import type { Language } from './languages';

export { i18n } from './setup';
export * from './languages';
export { registerCatalog, activateLanguage, currentLanguage, type CatalogLoader } from './catalogs';
export { useLingui, useLanguageCode } from './useLingui';

// shared-chain's own texts (errors, wallet and chain messages): English is in the code. One
// import per language, not a template import: webpack's context module for that was 0.1 KiB gzip
// of every first load. A language added to LANGUAGES fails type-checking here until it is named.
const CATALOGS: Record<Exclude<Language, 'en'>, () => ReturnType<CatalogLoader>> = {
  'zh-CN': () => import(/* webpackChunkName: "messages-shared-chain-zh-CN" */ '../locales/zh-CN'),
};
void registerCatalog('shared-chain', (language) =>
  language === 'en' ? Promise.resolve({ messages: {} }) : CATALOGS[language](),
);
