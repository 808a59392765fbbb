/** Recent transactions (loaded on demand through loadRecentTransactions). */
export * from './model';
export * from './describe';
export {
  listOf,
  recordTransaction,
  recordingWriter,
  recentLists$,
  pollNow,
  resumeAccount,
  startRecentTransactions,
  replaceTransaction,
  RECENT_POLL_MS,
} from './store';
export { useRecentTransactions, type RecentTransactionsView } from './react';
