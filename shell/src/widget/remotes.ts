import type { RemoteKey } from '../remotes/remotesFile';

/**
 * The remotes this widget build loads. An operator who wants the liquidity tab builds the widget
 * with 'liquidity' added here; without it the liquidityTab option is ignored with a warning.
 */
export const WIDGET_REMOTES: readonly RemoteKey[] = ['swap'];
