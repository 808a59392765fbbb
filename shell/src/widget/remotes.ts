import type { RemoteKey } from '../remotes/remotesFile';

/**
 * The remotes this widget build loads. An operator who wants the liquidity tab builds the widget
 * with 'liquidity' added here; without it the liquidityTab option is ignored with a warning.
 */
export const WIDGET_REMOTES: readonly RemoteKey[] = ['swap'];

/** Whether the liquidity tab is shown for the host's liquidityTab option. */
export function liquidityTabShown(
  requested: boolean | undefined,
  remotes: readonly RemoteKey[] = WIDGET_REMOTES,
  warn: (message: string) => void = (m) => console.warn(`[widget] ${m}`),
): boolean {
  if (!requested) return false;
  if (remotes.includes('liquidity')) return true;
  warn('option liquidityTab ignored: this widget build has no liquidity remote');
  return false;
}
