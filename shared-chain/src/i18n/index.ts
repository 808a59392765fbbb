import { registerCatalogs } from './catalogs';

export { i18n } from './setup';
export * from './languages';
export {
  registerCatalog,
  registerCatalogs,
  activateLanguage,
  currentLanguage,
  type CatalogLoader,
  type Catalogs,
} from './catalogs';
export { useLingui, useLanguageCode } from './useLingui';

// shared-chain's own texts (errors, wallet and chain messages).
void registerCatalogs('shared-chain', {
  'zh-CN': () => import(/* webpackChunkName: "messages-shared-chain-zh-CN" */ '../locales/zh-CN'),
});
