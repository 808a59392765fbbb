/**
 * The one door to recent transactions from the first load: a dynamic import, so the list, its
 * chain checks and the hook load with the first send or the first connected wallet menu.
 */
export type RecentTransactionsModule = typeof import('./index');

let loading: Promise<RecentTransactionsModule> | undefined;

export function loadRecentTransactions(): Promise<RecentTransactionsModule> {
  loading ??= import(/* webpackChunkName: "recent-transactions" */ './index').then(
    (mod) => {
      mod.startRecentTransactions();
      return mod;
    },
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}
