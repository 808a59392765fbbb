import {
  lazy,
  startTransition,
  Suspense,
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import type Highcharts from 'highcharts';
import type { ChartKind, ChartPoint } from './chartRules';
import { whenQuiet } from './deferredChart';
import { LightChart } from './LightChart';

// Highcharts and its modules in steps, each its own task (chartLibrary.ts).
const HighchartsView = lazy(() =>
  import(/* webpackChunkName: "chart-library" */ './chartLibrary').then((m) => m.loadChartView()),
);

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
 * moved into it (Highcharts' container, which focuses the first candle).
 */
export function ReadyChart({ language, height, ...chart }: ReadyChartProps) {
  const [wanted, setWanted] = useState(false);
  const [drawn, setDrawn] = useState(false);
  const light = useRef<HTMLDivElement>(null);
  const focusNext = useRef<HTMLElement | null>(null);
  const want = useCallback(() => startTransition(() => setWanted(true)), []);
  useEffect(() => (wanted ? undefined : whenQuiet(want)), [wanted, want]);
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
          <Suspense fallback={null}>
            <HighchartsView key={language} height={height} onDrawn={onDrawn} {...chart} />
          </Suspense>
        </div>
      )}
    </div>
  );
}
