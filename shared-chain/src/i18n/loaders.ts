import type { Language } from './languages';

export type Messages = Record<string, unknown>;
export type CatalogLoader = (language: Language) => Promise<{ messages: Messages }>;

/** Every app's catalogue loader on this page, by app name (catalogs.ts registers them). */
export const catalogLoaders = new Map<string, CatalogLoader>();
