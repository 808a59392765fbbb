import { useEffect, useState } from 'react';
import type { NetworkConfig } from '@jmswap/shared-chain';
// In this lazy chunk, not the first load: the preview and its text come with the component.
import {
  estimatedFeeText,
  previewSwapFee,
  type ChainSwapEstimate,
} from '@jmswap/shared-chain/swap';
import type { SwapQuote } from '../form/swapForm';
import { FeeOutweighs, type TradeWorth } from './FeeOutweighs';

interface Props {
  network: NetworkConfig;
  quote: SwapQuote;
  worth?: TradeWorth;
}

/**
 * TRON: "Estimated network fee: 12.4 TRX (you have 0 energy)", from the swap's simulation and
 * the account's free energy and bandwidth. Nothing while it is computed or when it cannot be
 * (a swap that still needs its approval cannot be simulated yet).
 */
export default function NetworkFee({ network, quote, worth }: Props) {
  const [fee, setFee] = useState<{ text: string; sun: bigint }>();
  useEffect(() => {
    let live = true;
    setFee(undefined);
    const estimate = quote.source as ChainSwapEstimate;
    if (estimate.networkId !== network.id) return;
    void previewSwapFee(estimate).then((f) => {
      if (live && f) setFee({ text: estimatedFeeText(f.feeSun, f.freeEnergy), sun: f.feeSun });
    });
    return () => {
      live = false;
    };
  }, [network, quote]);
  if (!fee) return null;
  return (
    <>
      <p className="jm-network-fee" data-testid="network-fee">
        {fee.text}
      </p>
      <FeeOutweighs network={network} fee={fee.sun} {...worth} />
    </>
  );
}
