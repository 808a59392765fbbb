// This remote's texts in the language in use: each exposed module imports this
// first, so whichever of them the page loads registers the catalogue once.
import { registerCatalog } from '@jmswap/shared-chain';

void registerCatalog(
  'charts',
  (language) =>
    import(
      /* webpackChunkName: "messages-charts-[request]" */
      /* webpackExclude: /en\.ts$/ */
      `./locales/${language}.ts`
    ),
);
