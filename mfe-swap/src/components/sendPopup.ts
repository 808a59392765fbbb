/**
 * FUNDS ON THE WAY in its own chunk: only a swap opens it, so the swap box's first load does not
 * carry it. It is fetched once a wallet connects, and SWAP waits for it before anything is sent,
 * so every swap has its popup. A failed fetch is tried again on the next call (webpack forgets a
 * chunk that did not load).
 */
export const loadFundsOnTheWay = () =>
  import(/* webpackChunkName: "funds-on-the-way" */ './FundsOnTheWay');
