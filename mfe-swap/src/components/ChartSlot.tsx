import {
  Component,
  lazy,
  memo,
  Suspense,
  useState,
  type ComponentType,
  type ReactNode,
} from 'react';
import { getInstance } from '@module-federation/enhanced/runtime';
import { hasCharts, type NetworkConfig, type TokenConfig } from '@jmswap/shared-chain';

/**
 * The swap box's chart and Trading History come from the charts remote at run time, never from
 * its source: the page's federation instance that registered `mfe_charts` (the shell's, from
 * remotes.json) loads them. Where no instance has it (the widget, this remote's own dev page)
 * or it is down, rolled back without these modules, or throws, the swap box shows no chart, and
 * tries again later: 2 s after the browser is back online, else after a wait that doubles
 * from 15 s to 5 min (a phone that lost its connection for a moment gets its chart back).
 */
const CHARTS_REMOTE = 'mfe_charts';
const HISTORY_HIDDEN_ON = ['ETH', 'BTTC'];

interface PairProps {
  network: NetworkConfig;
  symbolA: string;
  symbolB: string;
}

const chartsHost = () =>
  getInstance((i) => i.options.remotes.some((r) => r.name === CHARTS_REMOTE));

async function loadCharts(expose: string): Promise<{ default: ComponentType<PairProps> }> {
  const host = chartsHost();
  if (!host) throw new Error('no charts remote on this page');
  const mod = await host.loadRemote<{ default?: ComponentType<PairProps> }>(
    `${CHARTS_REMOTE}/${expose}`,
  );
  if (!mod?.default) throw new Error(`${CHARTS_REMOTE}/${expose} did not load`);
  return { default: mod.default };
}

const EXPOSES = { chart: 'MiniChart', history: 'HistoryPanel' } as const;

/** The wait before the n-th try again (n from 1): 15 s, doubling, at most 5 min. */
export const retryDelayMs = (n: number) => Math.min(15_000 * 2 ** (n - 1), 300_000);
/** How long after the browser's `online` event the area is tried again. */
export const ONLINE_SETTLE_MS = 2000;

/**
 * A failure of the charts remote costs its own area only: it renders nothing, and asks for a
 * new try (`onRetry`) after `delayMs`, or sooner when the browser comes back online.
 */
class Quiet extends Component<
  { children: ReactNode; delayMs: number; onRetry: () => void },
  { failed: boolean }
> {
  override state = { failed: false };
  private timer?: ReturnType<typeof setTimeout>;
  static getDerivedStateFromError() {
    return { failed: true };
  }
  private readonly retry = () => {
    this.stopWaiting();
    this.props.onRetry();
  };
  // A moment after the browser says it is online: the first requests right then still fail.
  private readonly online = () => {
    clearTimeout(this.timer);
    this.timer = setTimeout(this.retry, ONLINE_SETTLE_MS);
  };
  private stopWaiting() {
    clearTimeout(this.timer);
    window.removeEventListener('online', this.online);
  }
  override componentDidCatch(error: unknown) {
    console.error('[swap] chart area unavailable:', error);
    this.stopWaiting();
    this.timer = setTimeout(this.retry, this.props.delayMs);
    window.addEventListener('online', this.online);
  }
  override componentWillUnmount() {
    this.stopWaiting();
  }
  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

/**
 * How the charts remote names the pair to the api: listed tokens by their symbols; a pair with
 * any other token (a token imported as "USDT" must never show the listed USDT's chart) by both
 * addresses, the base coin's being its wrapped token's, as the charts page names such a pair.
 */
export const chartPair = (from: TokenConfig, to: TokenConfig): [string, string] =>
  from.origin === undefined && to.origin === undefined
    ? [from.symbol, to.symbol]
    : [from.address, to.address];

interface SlotProps {
  network: NetworkConfig;
  from?: TokenConfig;
  to?: TokenConfig;
  widget?: boolean;
  part: 'chart' | 'history';
}

/**
 * The 4-hour line chart (TRON, BSC, POLY) or the history toggle (not ETH, BTTC, widget).
 * Memoised: the swap box's keystrokes leave the charts remote's areas alone.
 */
export const ChartSlot = memo(function ChartSlot({ network, from, to, widget, part }: SlotProps) {
  // A new try is a new lazy component: React.lazy keeps the outcome of its first load for good.
  const loaded = () => lazy(() => loadCharts(EXPOSES[part]));
  const [{ Area, tries }, setLoad] = useState(() => ({ Area: loaded(), tries: 0 }));
  // No instance has the charts remote (widget, dev page): nothing to load, nothing to report.
  if (widget || !from || !to || !chartsHost()) return null;
  const shown = part === 'chart' ? hasCharts(network.id) : !HISTORY_HIDDEN_ON.includes(network.id);
  if (!shown) return null;
  const [symbolA, symbolB] = chartPair(from, to);
  return (
    <div className="jm-chart-slot" data-slot={part}>
      <Quiet
        key={`${network.id}/${symbolA}/${symbolB}/${tries}`}
        delayMs={retryDelayMs(tries + 1)}
        onRetry={() => setLoad((load) => ({ Area: loaded(), tries: load.tries + 1 }))}
      >
        <Suspense fallback={null}>
          <Area network={network} symbolA={symbolA} symbolB={symbolB} />
        </Suspense>
      </Quiet>
    </div>
  );
});
