import type { NetworkConfig } from '@jmswap/shared-chain';
import { Chart } from './Chart';

export interface MiniChartProps {
  network: NetworkConfig;
  symbolA: string;
  symbolB: string;
}

/** The swap box's chart: the pair's 4-hour line, 140x470, over the last week. */
export function MiniChart({ network, symbolA, symbolB }: MiniChartProps) {
  return (
    <Chart
      network={network}
      symbolA={symbolA}
      symbolB={symbolB}
      kind="line"
      window="1w"
      width={470}
      height={140}
    />
  );
}

export default MiniChart;
