// The shell's entry only starts its federation runtime and then imports the app (`boot`, the
// async boundary that lets shared modules be negotiated), in the shell in steps of a task each
// (`boot`, then `boot-chain`, `boot-app`). Without help, the browser learns of the app's chunks,
// React among them, only after main.js has downloaded and run, and fetches them one round trip
// later. This plugin names them in the html as preloads, so they download beside main.js: the
// `boot` and `boot-*` chunk groups and, followed through, the chunks of the shared modules they
// consume as the shell provides them. A first visit uses exactly those: the shell is the first
// container on the page, so with 'loaded-first' its own React and shared-chain are the ones
// picked (the consumers' fallback copies are never fetched).
const HtmlWebpackPlugin = require('html-webpack-plugin');

const NAME = 'PreloadBootChunksPlugin';

/** The js files chunk groups need, with the shell-provided shared modules they consume. */
function bootFiles(compilation, groups) {
  const { chunkGraph } = compilation;
  const providers = new Map();
  for (const module of compilation.modules)
    if (module.type === 'provide-module') providers.set(module._name, module);
  const seen = new Set();
  const files = [];
  const visitBlocks = (module) => {
    for (const block of module.blocks) {
      const chunkGroup = chunkGraph.getBlockChunkGroup(block);
      if (chunkGroup) visit(chunkGroup);
    }
  };
  const visit = (chunkGroup) => {
    for (const chunk of chunkGroup.chunks) {
      if (seen.has(chunk)) continue;
      seen.add(chunk);
      for (const file of chunk.files) if (file.endsWith('.js')) files.push(file);
      for (const module of chunkGraph.getChunkModulesIterable(chunk)) {
        if (module.type !== 'consume-shared-module') continue;
        const provider = providers.get(module.options.shareKey);
        // Not provided by this build: the consumer's own fallback is what loads.
        visitBlocks(provider ?? module);
      }
    }
  };
  for (const group of groups) visit(group);
  return files;
}

/**
 * The swap page's first pool read (the shell's `warm-reads` chunk, shared-chain/src/services/
 * platform.ts's readers) waits for its network's reader, so the html's head script preloads
 * those of the route's network (shell/src/remotes/readersEarly.ts) from the lists this plugin
 * writes in `<meta name="jm-preload-<kind>" content="<files>">`: data, nothing runs or is hashed.
 * html-webpack-plugin puts them at the end of the head; shell/scripts/prerender.mjs moves them in
 * front of the head script, which reads them as it runs.
 */
const READ_GROUPS = {
  swap: 'warm-reads',
  tron: 'shared-chain-tron-reader',
  evm: 'shared-chain-evm-reader',
};

/**
 * The boot's chunk groups among a compilation's named ones: `name`'s, then its later steps
 * (`<name>-*`) in the order webpack met their imports; none without `name`'s.
 */
function bootGroups(namedChunkGroups, name) {
  const first = namedChunkGroups.get(name);
  if (!first) return [];
  const steps = [...namedChunkGroups].filter(([step]) => step.startsWith(`${name}-`));
  return [first, ...steps.map(([, group]) => group)];
}

class PreloadBootChunksPlugin {
  /**
   * @param {{ chunkGroup?: string }} [options] the webpackChunkName of the entry's (first)
   *   import(); later steps' names extend it (`boot-app`)
   */
  constructor(options = {}) {
    this.chunkGroup = options.chunkGroup ?? 'boot';
  }

  apply(compiler) {
    compiler.hooks.compilation.tap(NAME, (compilation) => {
      HtmlWebpackPlugin.getHooks(compilation).alterAssetTagGroups.tap(NAME, (data) => {
        const groups = bootGroups(compilation.namedChunkGroups, this.chunkGroup);
        if (groups.length === 0) {
          compilation.errors.push(
            new Error(`${NAME}: no chunk group "${this.chunkGroup}" (name the entry's import())`),
          );
          return data;
        }
        const publicPath = compilation.getPath(compilation.outputOptions.publicPath ?? '');
        const boot = bootFiles(compilation, groups);
        // The pool read's files beyond the boot's, for the head script.
        for (const [kind, name] of Object.entries(READ_GROUPS)) {
          const group = compilation.namedChunkGroups.get(name);
          const files = group ? bootFiles(compilation, [group]) : [];
          data.headTags.push(
            HtmlWebpackPlugin.createHtmlTagObject('meta', {
              name: `jm-preload-${kind}`,
              content: files
                .filter((file) => !boot.includes(file))
                .map((file) => `${publicPath}${file}`)
                .join(' '),
            }),
          );
        }
        // At the end of the body: found once the html has arrived, so they never share the
        // line with the html itself or the stylesheet the first paint waits for.
        for (const file of boot)
          data.bodyTags.push(
            HtmlWebpackPlugin.createHtmlTagObject('link', {
              rel: 'preload',
              as: 'script',
              href: `${publicPath}${file}`,
            }),
          );
        return data;
      });
    });
  }
}

module.exports = { PreloadBootChunksPlugin, bootFiles, bootGroups, READ_GROUPS };
