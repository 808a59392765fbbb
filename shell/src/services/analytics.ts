import { appEvents$, type AppEvent } from '@jmswap/shared-chain';

export type AnalyticsRecord = { name: string; payload?: Record<string, unknown>; at: number };

/**
 * The analytics sink. The product's analytics SDK is not described by the spec, so events are
 * kept in an in-memory ring (window.__JMSWAP_ANALYTICS__, for operators and tests) and logged.
 */
export function startAnalyticsSink(
  target: { __JMSWAP_ANALYTICS__?: AnalyticsRecord[] } = window as never,
): () => void {
  const log: AnalyticsRecord[] = (target.__JMSWAP_ANALYTICS__ = target.__JMSWAP_ANALYTICS__ ?? []);
  const sub = appEvents$.subscribe((event: AppEvent) => {
    if (
      event.type === 'analytics' ||
      event.type === 'loggedOut' ||
      event.type === 'WALLET_CONNECTED'
    ) {
      const name = event.type === 'analytics' ? event.name : event.type;
      const payload = event.type === 'analytics' ? event.payload : undefined;
      log.push({ name, payload, at: Date.now() });
      if (log.length > 500) log.shift();
    }
  });
  return () => sub.unsubscribe();
}
