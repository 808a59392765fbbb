import { useEffect, useState } from 'react';
import type { NetworkId } from '@jmswap/shared-chain';
// In this lazy chunk, not the first load: the preview and its text come with the component.
import {
  estimatedFeeText,
  previewSwapFee,
  type ChainSwapEstimate,
} from '@jmswap/shared-chain/swap';
import type { SwapQuote } from '../form/swapForm';

interface Props {
  network: NetworkId;
  quote: SwapQuote;
}

/**
 * TRON: "Estimated network fee: 12.4 TRX (you have 0 energy)", from the swap's simulation and
 * the account's free energy and bandwidth. Nothing while it is computed or when it cannot be
 * (a swap that still needs its approval cannot be simulated yet).
 */
export default function NetworkFee({ network, quote }: Props) {
  const [text, setText] = useState<string>();
  useEffect(() => {
    let live = true;
    setText(undefined);
    const estimate = quote.source as ChainSwapEstimate;
    if (estimate.networkId !== network) return;
    void previewSwapFee(estimate).then((fee) => {
      if (live && fee) setText(estimatedFeeText(fee.feeSun, fee.freeEnergy));
    });
    return () => {
      live = false;
    };
  }, [network, quote]);
  if (!text) return null;
  return (
    <p className="jm-network-fee" data-testid="network-fee">
      {text}
    </p>
  );
}
