import {
  ANVIL_ACCOUNTS,
  testRunCache,
  type StateCache,
  type StateCacheOptions,
} from '@jmswap/devnet';

/**
 * The devnet tests' chains come from this run's saved chains (jest's global setup): the files
 * asking for the same chain share one deploy, each still getting a chain of its own.
 */

/** startDevnet's option: spread it into the call. */
export function savedChains(): { stateCache?: StateCacheOptions } {
  const cache = testRunCache();
  return cache ? { stateCache: { dir: cache.dir } } : {};
}

/** startTronNetwork's option: spread it into the call. */
export function savedTronChain(): { stateCache?: StateCache } {
  const cache = testRunCache();
  return cache ? { stateCache: cache } : {};
}

/**
 * The TRON tests' dev accounts (anvil's accounts #0 to #4, the keys they sign with): the same list
 * in every file, so that they share one deployed TRON chain.
 */
export const TRON_TEST_ACCOUNTS = ANVIL_ACCOUNTS.slice(0, 5);
