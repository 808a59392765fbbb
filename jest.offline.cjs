// Unit tests never reach the internet: a host name other than localhost fails its DNS lookup at
// once, as on a machine without network. Without this a test that strays onto a production node
// URL passes where DNS fails fast and times out where the network silently drops packets (CI).
const dns = require('node:dns');
const net = require('node:net');

// An address literal needs no lookup; only names are the way out to the internet here.
const local = (hostname) =>
  net.isIP(hostname) !== 0 ||
  hostname === 'localhost' ||
  hostname.endsWith('.localhost') ||
  hostname === '';

function offline(hostname) {
  const error = new Error(`getaddrinfo ENOTFOUND ${hostname} (unit tests run offline)`);
  error.code = 'ENOTFOUND';
  error.hostname = hostname;
  return error;
}

if (!dns.lookup.jmswapOffline) {
  const lookup = dns.lookup;
  const guarded = function (hostname, options, callback) {
    const done = typeof options === 'function' ? options : callback;
    if (typeof hostname === 'string' && !local(hostname)) {
      process.nextTick(() => done(offline(hostname)));
      return {};
    }
    return lookup.apply(this, arguments);
  };
  guarded.jmswapOffline = true;
  dns.lookup = guarded;
  const promises = dns.promises.lookup;
  dns.promises.lookup = async (hostname, options) => {
    if (typeof hostname === 'string' && !local(hostname)) throw offline(hostname);
    return promises(hostname, options);
  };
}
