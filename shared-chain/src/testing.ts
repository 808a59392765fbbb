/**
 * Test seams, kept out of the package's public entry: `@jmswap/shared-chain/testing` (the
 * package-root shim) or, inside shared-chain, this module.
 */
export { resetWalletServiceForTests } from './services/wallet';
export { setTronAdapterLoader } from './services/platform';
export { reloadSettingsForTests } from './services/settings';
