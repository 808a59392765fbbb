// Debian's Chromium, as the e2e suite and the benchmarks launch it. Browsers are never downloaded;
// without the background-networking flags Chromium keeps dialling out on a closed network.
const CHROMIUM = {
  executablePath: '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};

module.exports = { CHROMIUM };
