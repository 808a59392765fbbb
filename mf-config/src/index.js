module.exports = {
  ...require('./apps'),
  ...require('./shared'),
  ...require('./lingui'),
  ...require('./webpack'),
  ...require('./remotes-file'),
  ...require('./release'),
  ...require('./local-pins'),
  ...require('./preload-hints'),
  ...require('./preflight'),
  ...require('./server'),
  ...require('./csp'),
  ...require('./chromium'),
};
