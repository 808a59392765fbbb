import { appEvents$ } from '@jmswap/shared-chain';

/**
 * What shared-chain tells the operators (a node of another chain, a node far behind) goes the
 * way the shell's own reports go: to the api's client reports (`npm run reports`). The reporter
 * loads with the first one.
 */
export function forwardOperatorReports(): () => void {
  const sub = appEvents$.subscribe((event) => {
    if (event.type !== 'operatorReport') return;
    void import(/* webpackChunkName: "remote-failover" */ '../remotes/report').then(
      ({ reportToOperators }) => reportToOperators({ kind: event.kind, cause: event.cause }),
    );
  });
  return () => sub.unsubscribe();
}
