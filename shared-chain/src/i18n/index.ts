import { registerCatalog } from './catalogs';

export { i18n } from './setup';
export * from './languages';
export { registerCatalog, activateLanguage, currentLanguage, type CatalogLoader } from './catalogs';
export { useLingui, useLanguageCode } from './useLingui';

// shared-chain's own texts (errors, wallet and chain messages): English is in the code.
void registerCatalog(
  'shared-chain',
  (language) =>
    import(
      /* webpackChunkName: "messages-shared-chain-[request]" */
      /* webpackExclude: /en\.ts$/ */
      `../locales/${language}.ts`
    ),
);
