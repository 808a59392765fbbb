import { registerCatalog } from '@jmswap/shared-chain';

/**
 * This remote's texts in the language in use (English is in the code). Resolves when they are
 * in: at once in English; in another language when the catalogue has loaded (or failed to, and
 * the texts stay English). The screen the shell loads (exposed.ts) waits for it, so its first
 * frame is in the page's language instead of English redrawn a moment later.
 */
export const listingTexts: Promise<void> = registerCatalog(
  'listing',
  (language) =>
    import(
      /* webpackChunkName: "messages-listing-[request]" */
      /* webpackExclude: /en\.ts$/ */
      `./locales/${language}.ts`
    ),
);
