// Lingui's macros (`t`, `msg`, `plural` from '@lingui/core/macro'; `useLingui` from
// '@lingui/react/macro') compiled by its SWC plugin, for webpack, jest and the prerender's
// esbuild alike.
// - descriptorFields 'message': the English text stays in the code beside its id, so English
//   needs no catalogue and no Lingui runtime (shared-chain's i18n formats it); another
//   language loads Lingui's runtime and each app's compiled catalogue on demand.
// - `i18n` and `useLingui` come from shared-chain, the page's one instance (a Module
//   Federation singleton); shared-chain's own files take it by path, not by their own
//   package name. No @lingui/react: its provider and <Trans> cost 1.2 KiB gzip per first load.
// - ids are made the way @lingui/cli 5 makes them, so `lingui extract` and the code agree.
// The plugin is Wasm built against one swc_core range: @lingui/swc-plugin 6.7 runs on
// @swc/core 1.16 (both pinned in the root package.json); 5.x and 6.5 fail to load there.
const path = require('node:path');

const sharedChainSrc = path.resolve(__dirname, '../../shared-chain/src');
const i18nInstance = path.join(sharedChainSrc, 'i18n/setup.ts');
const useLinguiHook = path.join(sharedChainSrc, 'i18n/useLingui.ts');

/** The plugin's options for one source file. */
function linguiSwcPluginFor(file) {
  const own = path.resolve(file).startsWith(sharedChainSrc + path.sep);
  return [
    require.resolve('@lingui/swc-plugin'),
    {
      descriptorFields: 'message',
      useLinguiV5IdGeneration: true,
      runtimeModules: own
        ? { i18n: [i18nInstance, 'i18n'], useLingui: [useLinguiHook, 'useLingui'] }
        : {
            i18n: ['@jmswap/shared-chain', 'i18n'],
            useLingui: ['@jmswap/shared-chain', 'useLingui'],
          },
    },
  ];
}

/** swc-loader options for one source file (webpack calls this per module). */
const swcOptionsFor = (file) => ({
  jsc: {
    parser: { syntax: 'typescript', tsx: true },
    transform: { react: { runtime: 'automatic' } },
    target: 'es2020',
    experimental: { plugins: [linguiSwcPluginFor(file)] },
  },
});

/**
 * The same transform for esbuild (the shell's prerender bundles its routes for Node): the
 * app's TypeScript goes through swc with the plugin, so no macro is left for esbuild to resolve.
 */
const linguiEsbuildPlugin = () => ({
  name: 'lingui-macros',
  setup(build) {
    const fs = require('node:fs');
    const swc = require('@swc/core');
    build.onLoad({ filter: /\.tsx?$/ }, async (args) => {
      if (args.path.includes(`${path.sep}node_modules${path.sep}`)) return undefined;
      const source = await fs.promises.readFile(args.path, 'utf8');
      const options = swcOptionsFor(args.path);
      options.jsc.parser.tsx = args.path.endsWith('x');
      options.jsc.target = 'es2022';
      const { code } = await swc.transform(source, { filename: args.path, ...options });
      return { contents: code, loader: 'js' };
    });
  },
});

module.exports = { linguiSwcPluginFor, swcOptionsFor, linguiEsbuildPlugin };
