module.exports = {
  ...require('./apps'),
  ...require('./shared'),
  ...require('./webpack'),
  ...require('./remotes-file'),
  ...require('./server'),
  ...require('./chromium'),
};
