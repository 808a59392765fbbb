import { Component, lazy, memo, Suspense, type ComponentType, type ReactNode } from 'react';
import { getInstance } from '@module-federation/enhanced/runtime';
import { hasCharts, type NetworkConfig, type TokenConfig } from '@jmswap/shared-chain';

/**
 * The swap box's chart and Trading History come from the charts remote at run time, never from
 * its source: the page's federation instance that registered `mfe_charts` (the shell's, from
 * remotes.json) loads them. Where no instance has it (the widget, this remote's own dev page)
 * or it is down, rolled back without these modules, or throws, the swap box shows no chart.
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

const MiniChart = lazy(() => loadCharts('MiniChart'));
const HistoryPanel = lazy(() => loadCharts('HistoryPanel'));

/** A failure of the charts remote costs its own area only: it renders nothing. */
class Quiet extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(error: unknown) {
    console.error('[swap] chart area unavailable:', error);
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
  // No instance has the charts remote (widget, dev page): nothing to load, nothing to report.
  if (widget || !from || !to || !chartsHost()) return null;
  const shown = part === 'chart' ? hasCharts(network.id) : !HISTORY_HIDDEN_ON.includes(network.id);
  if (!shown) return null;
  const Area = part === 'chart' ? MiniChart : HistoryPanel;
  const [symbolA, symbolB] = chartPair(from, to);
  return (
    <div className="jm-chart-slot" data-slot={part}>
      <Quiet key={`${network.id}/${symbolA}/${symbolB}`}>
        <Suspense fallback={null}>
          <Area network={network} symbolA={symbolA} symbolB={symbolB} />
        </Suspense>
      </Quiet>
    </div>
  );
});
