/**
 * Whether this build carries the local profile's dev wallet, whose keys are anvil's public
 * test keys. Web builds define `__JMSWAP_DEV_WALLET__` (mf-config: on only with
 * JMSWAP_DEV_WALLET=1, which the local stack's and the tests' builds set), so a deploy bundle
 * holds neither the keys nor the connectors, whatever its runtime config says. Node (unit tests,
 * devnet, scripts) defines nothing and has them.
 *
 * The keys themselves are written as `typeof __JMSWAP_DEV_WALLET__ === 'undefined' ||
 * __JMSWAP_DEV_WALLET__ ? key : ''` where they are declared: with the flag off that folds to ''
 * at build time, which a call to this function would not.
 */
declare const __JMSWAP_DEV_WALLET__: boolean | undefined;

export const devWalletBuilt = (): boolean =>
  typeof __JMSWAP_DEV_WALLET__ === 'undefined' || __JMSWAP_DEV_WALLET__;
