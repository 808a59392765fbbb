// Each app (shell, each remote, shared-chain's own texts) keeps its own compiled catalogue per
// language and registers a loader here. A page in English needs none of it; switching loads
// Lingui's runtime and the catalogues (switching.ts, a chunk of its own) for that language only.
import type { Language } from './languages';
import { i18n } from './setup';

import { catalogLoaders, type CatalogLoader } from './loaders';

export type { CatalogLoader, Messages } from './loaders';

const switching = () => import(/* webpackChunkName: "language-switch" */ './switching');

/**
 * Registers an app's catalogues. When the page already shows another language, that app's
 * catalogue loads now (its texts show in English until it arrives, then the page re-renders).
 */
export function registerCatalog(app: string, load: CatalogLoader): Promise<void> {
  catalogLoaders.set(app, load);
  return i18n.locale === 'en' ? Promise.resolve() : switching().then((s) => s.loadLateCatalog(app));
}

/** An app's catalogue per language other than English (English is in the code). */
export type Catalogs = Record<Exclude<Language, 'en'>, () => ReturnType<CatalogLoader>>;

/**
 * registerCatalog from one import per language: no template import, whose webpack context
 * module (its map and 'Cannot find module' code) was 0.1 KiB gzip of every first load; and a
 * language added to LANGUAGES fails type-checking until the app names its catalogue.
 */
export const registerCatalogs = (app: string, catalogs: Catalogs): Promise<void> =>
  registerCatalog(app, (language) =>
    language === 'en' ? Promise.resolve({ messages: {} }) : catalogs[language](),
  );

/**
 * Shows the page in `language`: Lingui and every registered catalogue first, then one switch.
 * A failed load leaves the page in its current language and rejects (the caller says so).
 * When the visitor switches again before the loads end, the last choice wins.
 */
export const activateLanguage = (language: Language): Promise<void> =>
  switching().then((s) => s.activate(language));

export const currentLanguage = (): Language => i18n.locale as Language;
