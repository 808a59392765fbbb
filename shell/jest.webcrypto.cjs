// jsdom has crypto.getRandomValues but no crypto.subtle; the shell hashes remote code with it
// (remotes/integrity.ts). Node's own implementation stands in, as the browser's would.
const { webcrypto } = require('node:crypto');

if (!globalThis.crypto.subtle)
  Object.defineProperty(globalThis.crypto, 'subtle', { value: webcrypto.subtle });
