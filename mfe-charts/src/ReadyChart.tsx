import {
  Component,
  lazy,
  startTransition,
  Suspense,
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import type Highcharts from 'highcharts';
import type { ChartKind, ChartPoint } from './chartRules';
import { whenQuiet } from './deferredChart';
import { LightChart } from './LightChart';
import { forgetFailedShareLoads } from './sharedRetry';

// Highcharts and its modules in steps, each its own task (chartLibrary.ts): loaded once per page,
// and afresh after a failed load (React.lazy keeps its first outcome for good).
const loadHighchartsView = () =>
  lazy(() =>
    import(/* webpackChunkName: "chart-library" */ './chartLibrary').then((m) => m.loadChartView()),
  );
let highchartsView = loadHighchartsView();
/** How long after the browser's `online` event a failed load is tried again. */
export const ONLINE_SETTLE_MS = 2000;
const highchartsViewAfter = (failed: typeof highchartsView) => {
  if (highchartsView === failed) highchartsView = loadHighchartsView();
  return highchartsView;
};

/**
 * Highcharts could not load (the connection dropped while its chunk came, a release without it)
 * or threw: the light chart stays, and the failure costs nothing else (the charts page, the swap
 * box's chart).
 */
class KeepLightChart extends Component<
  { children: ReactNode; onFailed: () => void },
  { failed: boolean }
> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(error: unknown) {
    console.error('[charts] the interactive chart could not load; the light chart stays:', error);
    this.props.onFailed();
  }
  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

export interface ReadyChartProps {
  kind: ChartKind;
  name: string;
  label: string;
  points: ChartPoint[];
  height: number;
  decimals: number;
  /** Highcharts takes its language when it draws: another language draws it anew. */
  language: string;
}

/**
 * A chart with points: the light chart at once, then Highcharts, asked for when the user reaches
 * for the chart (pointer, touch, Tab) or once the page's load is over (whenQuiet: its evaluation
 * and draw steps are long tasks on a phone, which counted in the load). Highcharts draws hidden
 * over the light chart and takes its place once whole; a keyboard user on the light chart is
 * moved into it (Highcharts' container, which focuses the first candle). When Highcharts fails to
 * load, the light chart stays and Highcharts is asked for again when the user reaches for the
 * chart or the browser comes back online (not on a timer: the light chart does the job).
 */
export function ReadyChart({ language, height, ...chart }: ReadyChartProps) {
  const [wanted, setWanted] = useState(false);
  const [drawn, setDrawn] = useState(false);
  const [view, setView] = useState(() => ({ HighchartsView: highchartsView, failures: 0 }));
  const { HighchartsView, failures } = view;
  const light = useRef<HTMLDivElement>(null);
  const focusNext = useRef<HTMLElement | null>(null);
  const want = useCallback(() => startTransition(() => setWanted(true)), []);
  useEffect(() => {
    if (wanted) return undefined;
    if (failures === 0) return whenQuiet(want);
    // A moment after the browser says it is online: the first requests right then still fail.
    let timer: ReturnType<typeof setTimeout> | undefined;
    const online = () => {
      clearTimeout(timer);
      timer = setTimeout(want, ONLINE_SETTLE_MS);
    };
    window.addEventListener('online', online);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('online', online);
    };
  }, [wanted, want, failures]);
  const failed = useCallback(() => {
    forgetFailedShareLoads('highcharts');
    setWanted(false);
    setView((v) => ({
      HighchartsView: highchartsViewAfter(v.HighchartsView),
      failures: v.failures + 1,
    }));
  }, []);
  const onDrawn = useCallback((drawnChart: Highcharts.Chart) => {
    const focused = light.current?.contains(document.activeElement);
    focusNext.current = focused ? drawnChart.container : null;
    setDrawn(true);
  }, []);
  useLayoutEffect(() => {
    if (drawn) focusNext.current?.focus();
    focusNext.current = null;
  }, [drawn]);
  return (
    <div
      className="jm-chart-layers"
      style={{ minHeight: height }}
      data-drawn={drawn ? 'highcharts' : 'light'}
      onPointerEnter={want}
      onPointerDown={want}
      onFocus={want}
    >
      {!drawn && <LightChart ref={light} height={height} language={language} {...chart} />}
      {wanted && (
        <div className="jm-chart-interactive" data-hidden={!drawn}>
          <KeepLightChart key={failures} onFailed={failed}>
            <Suspense fallback={null}>
              <HighchartsView key={language} height={height} onDrawn={onDrawn} {...chart} />
            </Suspense>
          </KeepLightChart>
        </div>
      )}
    </div>
  );
}
