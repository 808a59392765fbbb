module.exports = {
  ...require('./apps'),
  ...require('./shared'),
  ...require('./webpack'),
  ...require('./remotes-file'),
  ...require('./release'),
  ...require('./preflight'),
  ...require('./server'),
  ...require('./chromium'),
};
