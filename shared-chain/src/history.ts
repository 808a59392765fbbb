/**
 * `@jmswap/shared-chain/history`: the product API's clients (info, candles, lines, trades),
 * valibot-validated, and the USD text of their figures (`formatUsd`), bundled by the remotes that
 * show them (see `./swap.ts` for the rule on state).
 */
export { API_RETRY_MS, askAgainWhileSeen } from './api/answerTime';
export { apiNow } from './api/apiClock';
export * from './api/history';
export * from './api/info';
export { noteLanded, READ_AGAIN_AFTER_LANDED_MS } from './api/landed';
export * from './api/pairs';
export * from './api/usd';
export * from './api/usdPrices';
export { useUsdPrices } from './react/usd';
export { useReadAgainAfterLanding } from './react/landed';
