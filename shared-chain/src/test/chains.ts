import { ANVIL_ACCOUNTS, testRunCache, type StateCache } from '@jmswap/devnet';

/**
 * startDevnet's and startTronNetwork's option (spread it into the call): this run's saved chains,
 * made by jest's global setup. The files asking for the same chain share one deploy, each still
 * getting a chain of its own.
 */
export function savedChains(): { stateCache?: StateCache } {
  const cache = testRunCache();
  return cache ? { stateCache: cache } : {};
}

/**
 * The TRON tests' dev accounts (anvil's accounts #0 to #4, the keys they sign with): the same list
 * in every file, so that they share one deployed TRON chain.
 */
export const TRON_TEST_ACCOUNTS = ANVIL_ACCOUNTS.slice(0, 5);
