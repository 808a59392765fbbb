const { createShellConfig } = require('@jmswap/mf-config');

// `webpack --env variant=widget` builds the embeddable widget (swap remote only) into dist/widget.
module.exports = (env = {}, argv = {}) =>
  createShellConfig({
    appDir: __dirname,
    mode: argv.mode,
    variant: env.variant === 'widget' ? 'widget' : 'app',
  });
