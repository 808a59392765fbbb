// Subresource Integrity for a remote's own chunks. The shell checks a remote version's release
// record against the pin in remotes.json, then lists every file's SHA-384 by url in
// window.__jmswapIntegrity before it runs the remote's entry (shell/src/remotes/integrity.ts).
// The remote's webpack runtime loads its chunks with script tags of its own, and their
// stylesheets with link tags (mini-css-extract-plugin); this plugin makes each of them carry
// that integrity, so a chunk changed by one byte never runs and a changed sheet never applies
// (its chunk then fails to load, like a script's). A file the list does not name gets a hash
// nothing matches: on a page that checks, unlisted code does not run either. Without the list
// (the remote's standalone dev page) scripts and sheets load as usual.
const webpack = require('webpack');
const MiniCssExtractPlugin = require('mini-css-extract-plugin');

const NAME = 'JmswapRemoteIntegrityPlugin';
/** A well-formed SHA-384 no file has: the integrity of a script the record does not list. */
const UNLISTED = `sha384-${'A'.repeat(64)}`;

/** Sets the element's crossOrigin and integrity from the page's list, when the page has one. */
const snippet = (element, url) =>
  [
    'var jmswapPins = typeof window !== "undefined" && window.__jmswapIntegrity;',
    'if (jmswapPins) {',
    `  ${element}.crossOrigin = "anonymous";`,
    `  ${element}.integrity = jmswapPins[new URL(${url}, document.baseURI).href] || ${JSON.stringify(UNLISTED)};`,
    '}',
  ].join('\n');

class RemoteIntegrityPlugin {
  apply(compiler) {
    compiler.hooks.thisCompilation.tap(NAME, (compilation) => {
      const hooks = webpack.runtime.LoadScriptRuntimeModule.getCompilationHooks(compilation);
      hooks.createScript.tap(NAME, (source) => `${source}\n${snippet('script', 'url')}`);
      // Before the <link> is inserted, which is when the browser fetches it.
      MiniCssExtractPlugin.getCompilationHooks(compilation).beforeTagInsert.tap(
        NAME,
        (source, { tag, href }) => `${source}\n${snippet(tag, href)}`,
      );
    });
  }
}

module.exports = { RemoteIntegrityPlugin, UNLISTED };
