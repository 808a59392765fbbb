import type { NetworkId } from './config/types';

/**
 * What the shell passes to every remote screen. Remotes read chain data through shared-chain
 * and never talk to each other; the shell owns routes and query parameters.
 */
export interface RemoteScreenProps {
  network: NetworkId;
  /** The route's query parameters (n, t, from, to, symbolA, symbolB ...). */
  query: Readonly<Record<string, string | undefined>>;
  /** True inside the embeddable widget. */
  widget?: boolean;
  /** Inside the widget: the host's validated options that shape the swap box. */
  widgetOptions?: WidgetScreenOptions;
  /**
   * Lets a screen change query parameters through the shell's router: the charts' pair choice (a
   * new history entry), the swap box's pair (`replace`: the link and a reload keep the pair, and
   * Back does not step through every token tried).
   */
  setQuery?: (changes: Record<string, string | undefined>, options?: { replace?: boolean }) => void;
}

export interface WidgetScreenOptions {
  /** The only symbols both token selectors offer (already limited to the network's tokens). */
  tokens?: readonly string[];
  fromToken?: string;
  toToken?: string;
  /** Launchpad mode: 8 s refresh. */
  launchPad?: boolean;
}
