// This remote's texts in the language in use: each exposed module imports this
// first, so whichever of them the page loads registers the catalogue once.
import { registerCatalog } from '@jmswap/shared-chain';

void registerCatalog(
  'pools',
  (language) =>
    import(
      /* webpackChunkName: "messages-pools-[request]" */
      /* webpackExclude: /en\.ts$/ */
      `./locales/${language}.ts`
    ),
);
