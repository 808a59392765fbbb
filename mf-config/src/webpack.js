// webpack config factory for the shell, the widget and every remote. Each app's own
// webpack.config.js is a few lines: its name, what it exposes, and which variant to build.
const fs = require('node:fs');
const path = require('node:path');
const webpack = require('webpack');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const CopyWebpackPlugin = require('copy-webpack-plugin');
const MinimizerPlugin = require('minimizer-webpack-plugin');
const CompressionPlugin = require('compression-webpack-plugin');
const MiniCssExtractPlugin = require('mini-css-extract-plugin');
const zlib = require('node:zlib');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const { createSharedConfig } = require('./shared');
const { PreloadBootChunksPlugin } = require('./preload-boot');
const { RemoteIntegrityPlugin } = require('./remote-integrity');
const { distName, repoRoot } = require('./apps');
const { swcOptionsFor } = require('./lingui');

const swcRule = {
  test: /\.[jt]sx?$/,
  exclude: /node_modules/,
  // Per file: shared-chain's own texts and the apps' take the i18n instance differently.
  // Loaders run last to first: swc, then the message ids leave the code.
  use: ({ resource }) => [
    { loader: require.resolve('./message-ids-loader') },
    { loader: require.resolve('swc-loader'), options: swcOptionsFor(resource) },
  ],
};

// Every app runs in a browser only: the federation runtime leaves out its Node loading code.
const browserOnly = { optimization: { target: 'web' } };

/**
 * The local profile's dev wallet (anvil's public keys, see shared-chain's dev-wallet-build.ts)
 * is built in only on request: the local stack and the tests build with JMSWAP_DEV_WALLET=1,
 * a deploy build (`npm run build`) leaves the keys and the connectors out. Dev servers have it.
 */
const withDevWallet = (mode) => mode !== 'production' || process.env.JMSWAP_DEV_WALLET === '1';

/**
 * JMSWAP_PLAIN_BUILD=1: a production build that only tests load (the version-skew remotes): the
 * same modules, chunks and federation metadata, without the minifier, the source maps and the
 * compressed twins, which take half of a remote's build time.
 */
const plainBuild = () => process.env.JMSWAP_PLAIN_BUILD === '1';

function baseConfig({ appDir, mode, outputPath, publicPath, define }) {
  return {
    mode,
    context: appDir,
    entry: './src/index.ts',
    // Production maps carry no sourceMappingURL comment: they are for operators (and the size
    // reports), served only where the app server is told to (jmswap-serve --source-maps).
    devtool:
      mode !== 'production'
        ? 'eval-cheap-module-source-map'
        : plainBuild()
          ? false
          : 'hidden-source-map',
    output: {
      path: outputPath,
      publicPath,
      filename: '[name].js',
      chunkFilename: mode === 'production' ? '[name].[contenthash:8].js' : '[name].js',
      clean: true,
      uniqueName: path.basename(appDir),
    },
    resolve: {
      extensions: ['.tsx', '.ts', '.mjs', '.js', '.json'],
      // Browser builds of the chain libraries (only shared-chain imports them).
      fallback: {
        crypto: false,
        stream: false,
        http: false,
        https: false,
        zlib: false,
        url: false,
        os: false,
        path: false,
        fs: false,
      },
    },
    module: {
      rules: [
        swcRule,
        { test: /\.css$/, use: [require.resolve('style-loader'), require.resolve('css-loader')] },
        { test: /\.(svg|png|jpe?g|gif)$/, type: 'asset/resource' },
        // No <style> element from sonner's code (the shell imports its stylesheet instead).
        {
          test: /[\\/]node_modules[\\/]sonner[\\/]dist[\\/]index\.m?js$/,
          use: [require.resolve('./sonner-style-loader')],
        },
        { test: /\.m?js$/, resolve: { fullySpecified: false } },
        // The federation packages ship CommonJS and ESM twins; the injected bundler runtime
        // requires the CommonJS ones and the rest imports the ESM ones, which bundled both
        // copies of runtime-core and sdk (~20 KiB gzip). One flavour: ESM.
        {
          test: /[\\/]node_modules[\\/]@module-federation[\\/]/,
          resolve: { conditionNames: ['import', 'browser', 'module', 'default'] },
        },
      ],
    },
    plugins: [
      new webpack.DefinePlugin(
        Object.fromEntries(
          Object.entries({ ...define, __JMSWAP_DEV_WALLET__: withDevWallet(mode) }).map(
            ([k, v]) => [k, JSON.stringify(v)],
          ),
        ),
      ),
      ...(mode === 'production' && !plainBuild() ? precompressed() : []),
    ],
    optimization: {
      minimize: mode === 'production' && !plainBuild(),
      // swc's minifier: a remote builds in a fraction of Terser's time, output within ~1% of its size.
      minimizer: [
        new MinimizerPlugin({
          minify: MinimizerPlugin.swcMinify,
          minimizerOptions: { compress: { passes: 2 }, mangle: true },
        }),
      ],
    },
    performance: { hints: false },
    stats: 'errors-warnings',
    infrastructureLogging: { level: 'error' },
  };
}

/**
 * webpack's filesystem cache, per app and build variant (in the app's node_modules/.cache): a
 * remote rebuilt after a change to its own sources reuses every module, minified chunk and
 * compressed twin that did not change (React, shared-chain and the chain libraries of its shared
 * fallbacks) instead of making them again. What decides a build beyond its sources is in the
 * key: the mode, the variant, the dev wallet, JMSWAP_SHARED_VERSIONS and JMSWAP_PLAIN_BUILD
 * (`version`), and this
 * config's files (`buildDependencies`). Builds of an explicit version (remote:release, the
 * version-skew builds) never use it: a release is built from nothing.
 */
function persistentCache(appDir, mode, variant) {
  return {
    type: 'filesystem',
    name: `${mode}-${variant}-${withDevWallet(mode) ? 'dev-wallet' : 'deploy'}`,
    cacheDirectory: path.join(appDir, 'node_modules/.cache/webpack'),
    version: JSON.stringify({
      shared: process.env.JMSWAP_SHARED_VERSIONS ?? '',
      plain: plainBuild(),
    }),
    buildDependencies: { config: [__filename, path.join(appDir, 'webpack.config.js')] },
  };
}

/**
 * Brotli's best quality (11) costs about 1 s of CPU per MB. First-load chunks are small and get
 * it; the big lazy chunks (wallet and chain libraries, a remote's fallbacks of shared modules,
 * megabytes that are rarely fetched) get quality 9: a few percent larger, several times faster.
 */
const BROTLI_BEST_UNDER = 256 * 1024;
function brotliBySize(input, _options, callback) {
  const quality = input.length < BROTLI_BEST_UNDER ? 11 : 9;
  zlib.brotliCompress(
    input,
    { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: quality } },
    callback,
  );
}

/**
 * Brotli and gzip files beside every text asset, so the static server (sirv) sends them as a
 * CDN would, without compressing on each request.
 */
function precompressed() {
  const test = /\.(js|css|html|json|svg)$/;
  return [
    new CompressionPlugin({
      test,
      filename: '[path][base].gz',
      algorithm: 'gzip',
      compressionOptions: { level: 9 },
      threshold: 1024,
    }),
    new CompressionPlugin({
      test,
      filename: '[path][base].br',
      algorithm: brotliBySize,
      threshold: 1024,
    }),
  ];
}

/**
 * Production builds write their CSS to files (mini-css-extract-plugin) instead of injecting it
 * as <style> elements from their JavaScript (style-loader, kept for dev servers' hot reload):
 * the page's policy allows no inline style element (csp.js), the browser parses CSS off the
 * script's task, and a file carries its own hash in the release record. A remote's webpack
 * runtime loads a chunk's stylesheet with its scripts and runs the chunk only once the sheet has
 * loaded, so a screen never shows unstyled (remote-integrity.js gives the <link> its integrity).
 */
function extractCss(config) {
  config.module.rules = config.module.rules.map((rule) =>
    String(rule.test) === String(/\.css$/)
      ? { test: /\.css$/, use: [MiniCssExtractPlugin.loader, require.resolve('css-loader')] }
      : rule,
  );
  config.plugins.push(
    new MiniCssExtractPlugin({
      filename: '[name].[contenthash:8].css',
      chunkFilename: '[name].[contenthash:8].css',
    }),
  );
}

/**
 * A remote: builds into dist/<version>/ (immutable once released) with mf-manifest.json,
 * remoteEntry.js and a standalone dev page (index.html) for the feature's team.
 */
function createRemoteConfig({ appDir, name, exposes, mode = 'production', version }) {
  const pkg = require(path.join(appDir, 'package.json'));
  const appVersion = version || pkg.version;
  const config = baseConfig({
    appDir,
    mode,
    outputPath: path.join(appDir, distName(), appVersion),
    publicPath: 'auto',
    define: { __APP_NAME__: name, __APP_VERSION__: appVersion },
  });
  config.cache = version ? false : persistentCache(appDir, mode, 'remote');
  config.plugins.push(
    new ModuleFederationPlugin({
      name,
      filename: 'remoteEntry.js',
      exposes,
      shared: createSharedConfig(),
      shareStrategy: 'loaded-first',
      manifest: true,
      dts: false,
      // The host lends its federation runtime (see standalone-runtime.js for the dev page).
      experiments: { ...browserOnly, externalRuntime: true },
    }),
    new HtmlWebpackPlugin({
      title: `${name} ${appVersion} (standalone)`,
      templateContent: standaloneHtml(name),
    }),
    new RemoteIntegrityPlugin(),
  );
  if (mode === 'production') {
    extractCss(config);
    // A stylesheet imported by several exposed modules (charts.css by the charts page, Chart,
    // MiniChart and HistoryPanel) goes to one file they share, not into a copy per module: the
    // swap box, which loads two of them, fetched and applied the same rules twice.
    config.optimization.splitChunks = {
      cacheGroups: {
        sharedStyles: {
          name: 'shared-styles',
          type: 'css/mini-extract',
          chunks: 'all',
          minChunks: 2,
          enforce: true,
        },
      },
    };
  }
  config.output.clean = { keep: STANDALONE_RUNTIME };
  // Each version its own chunk-loading global (webpackChunk<uniqueName>): when a version fails
  // and the shell loads the fallbackVersion in the same page, the fallback's runtime must not
  // take the failed version's chunks (same chunk ids, other module ids) as already loaded.
  config.output.uniqueName = `${path.basename(appDir)}@${appVersion}`;
  return [config, standaloneRuntimeConfig(config)];
}

const STANDALONE_RUNTIME = 'federation-runtime.js';

/** The federation runtime for a remote's own dev page, beside its remoteEntry.js. */
function standaloneRuntimeConfig(remote) {
  return {
    name: `${remote.output.uniqueName}-standalone-runtime`,
    mode: remote.mode,
    context: remote.context,
    entry: require.resolve('./standalone-runtime.js'),
    devtool: false,
    output: { path: remote.output.path, filename: STANDALONE_RUNTIME, clean: false },
    resolve: { extensions: ['.mjs', '.js'] },
    module: { rules: [{ test: /\.m?js$/, resolve: { fullySpecified: false } }] },
    optimization: remote.optimization,
    performance: { hints: false },
    stats: 'errors-warnings',
    infrastructureLogging: { level: 'error' },
  };
}

/**
 * The shell (variant "app") or the widget (variant "widget"). Remote URLs are never baked
 * in: the shell reads /config/remotes.json at boot and registers the remotes at runtime.
 */
function createShellConfig({ appDir, mode = 'production', variant = 'app' }) {
  const pkg = require(path.join(appDir, 'package.json'));
  const isWidget = variant === 'widget';
  const config = baseConfig({
    appDir,
    mode,
    outputPath: path.join(appDir, distName(), variant),
    publicPath: isWidget ? '/widget/' : '/',
    define: { __APP_NAME__: 'shell', __APP_VERSION__: pkg.version, __SHELL_VARIANT__: variant },
  });
  config.entry = isWidget ? './src/widget/index.ts' : './src/index.ts';
  config.cache = persistentCache(appDir, mode, variant);
  // The shell's styles go in a <link> in the head: the header paints with the html, before any
  // script runs, and 4 KiB gzip less JavaScript.
  if (mode === 'production') extractCss(config);
  // The shell's entry is referenced only by its index.html, so it can carry a content hash and
  // be cached for a year like every chunk (remotes' remoteEntry.js keeps its fixed name).
  if (mode === 'production')
    config.output.filename = (pathData) =>
      pathData.chunk && pathData.chunk.contentHash && pathData.chunk.contentHash.javascript
        ? '[name].[contenthash:8].js'
        : '[name].js';
  config.plugins.push(
    new ModuleFederationPlugin({
      name: isWidget ? 'shell_widget' : 'shell',
      remotes: {},
      shared: createSharedConfig(),
      shareStrategy: 'loaded-first',
      runtimePlugins: [
        path.join(appDir, 'src/runtime-plugins/remote-failover.ts'),
        path.join(appDir, 'src/runtime-plugins/integrity.ts'),
        // A remote's entry, its container's initialisation and its screen in separate tasks.
        path.join(appDir, 'src/runtime-plugins/yield-between.ts'),
      ],
      dts: false,
      // Lends its federation runtime to every remote it loads (built with externalRuntime).
      experiments: { ...browserOnly, provideExternalRuntime: true },
    }),
    new HtmlWebpackPlugin({
      template: path.join(appDir, 'src/index.html'),
      templateParameters: {
        title: isWidget ? 'JMSwap widget' : 'JMSwap',
        bodyClass: isWidget ? 'widget' : 'app',
      },
    }),
    new PreloadBootChunksPlugin({ chunkGroup: 'boot' }),
  );
  if (!isWidget) {
    config.plugins.push(
      new CopyWebpackPlugin({
        patterns: [{ from: path.join(repoRoot, 'shared-chain/assets'), to: 'assets' }],
      }),
    );
  }
  return config;
}

/**
 * The design tokens (both themes, the system's preference choosing) and the page colours: in the
 * site the shell's stylesheet brings them, and a remote's CSS only names them.
 */
function standaloneStyle() {
  const tokens = fs.readFileSync(path.join(repoRoot, 'shared-chain/theme/tokens.css'), 'utf8');
  // No script sets data-theme on this page: the light set applies when the system prefers it.
  const light = /:root\[data-theme='light'\]\s*(\{[^}]*\})/.exec(tokens)?.[1] ?? '';
  const system = `@media (prefers-color-scheme: light){:root${light}}`;
  return `<style>${tokens}${system}body{margin:0;background:var(--bg);color:var(--text)}a{color:var(--link)}</style>`;
}

function standaloneHtml(name) {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${name} standalone</title>${standaloneStyle()}<script defer src="${STANDALONE_RUNTIME}"></script></head><body><div id="root"></div></body></html>`;
}

module.exports = { createRemoteConfig, createShellConfig };
