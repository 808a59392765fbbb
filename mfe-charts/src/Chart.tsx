import { useEffect, useRef } from 'react';
import Highcharts from 'highcharts';

export interface LinePoint {
  value: number;
  /** milliseconds */
  dt: number;
}

export interface ChartProps {
  symbolA: string;
  symbolB: string;
  network: string;
  points: LinePoint[];
  loading?: boolean;
  width?: number;
  height?: number;
  /** Decimals shown on the price axis (display only). */
  precision?: number;
}

/** Reusable price chart (line); the candle variant and data feed come with the charts issue. */
export function Chart({
  symbolA,
  symbolB,
  network,
  points,
  loading,
  width = 470,
  height = 320,
  precision = 8,
}: ChartProps) {
  const container = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!container.current || points.length === 0) return;
    const chart = Highcharts.chart(container.current, {
      chart: { width, height },
      title: { text: undefined },
      credits: { enabled: false },
      legend: { enabled: false },
      xAxis: { type: 'datetime' },
      yAxis: { title: { text: undefined }, labels: { format: `{value:.${precision}f}` } },
      series: [
        { type: 'line', name: `${symbolA}/${symbolB}`, data: points.map((p) => [p.dt, p.value]) },
      ],
    });
    return () => chart.destroy();
  }, [points, width, height, precision, symbolA, symbolB]);

  return (
    <div className="jm-chart" style={{ width, minHeight: height }}>
      {loading && <p>Loading Chart...</p>}
      {!loading && points.length === 0 && <p>No chart data available</p>}
      <div ref={container} />
      <a href={`/charts?n=${network}&symbolA=${symbolA}&symbolB=${symbolB}`}>
        {symbolA}/{symbolB} chart
      </a>
    </div>
  );
}

export default Chart;
