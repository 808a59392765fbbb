/**
 * `@jmswap/shared-chain/links`: links from a remote to another page of the site that keep the
 * page, and with it the wallet session. Stateless, so a copy per remote is safe; not in the
 * singleton, whose first load every page pays.
 */
export { AppLink } from './react/AppLink';
