module.exports = require('../jest.base.cjs')({
  dir: __dirname,
  environment: 'jsdom',
  setup: [require.resolve('@testing-library/jest-dom'), require.resolve('./jest.webcrypto.cjs')],
});
