import { useEffect, useState } from 'react';
import type { NetworkConfig } from '@jmswap/shared-chain';
// In this lazy chunk, not the first load: the preview and its texts come with the component.
import {
  previewSwap,
  type ChainSwapEstimate,
  type SendPreviewText,
} from '@jmswap/shared-chain/swap';
import type { SwapQuote } from '../form/swapForm';
import { FeeOutweighs, type TradeWorth } from './FeeOutweighs';

interface Props {
  network: NetworkConfig;
  quote: SwapQuote;
  slippageBps: number;
  worth?: TradeWorth;
}

/** A quote typed in a hurry is simulated once it stands still. */
const SETTLE_MS = 300;

/**
 * The swap's confirm step: the exact swap simulated on the chain, what leaves the
 * wallet and what arrives, or, when the pool moved beyond the slippage, what that means and what
 * to do; on EVM the estimated network fee (TRON shows it in NetworkFee). Nothing while it is
 * simulated; a note while the sell token still needs its approval (simulated once it is in).
 */
export default function SimulatedResult({ network, quote, slippageBps, worth }: Props) {
  const [preview, setPreview] = useState<SendPreviewText>();
  useEffect(() => {
    let live = true;
    setPreview(undefined);
    const estimate = quote.source as ChainSwapEstimate;
    if (estimate.networkId !== network.id) return;
    const timer = setTimeout(() => {
      void previewSwap(estimate, slippageBps).then((p) => live && setPreview(p));
    }, SETTLE_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [network, quote, slippageBps]);
  if (!preview) return null;
  return (
    <div data-testid="simulated-result">
      {preview.note && (
        <p className="jm-network-fee" data-testid="simulated-note">
          {preview.note}
        </p>
      )}
      {preview.result && <p className="jm-network-fee">{preview.result}</p>}
      {preview.warning && (
        <p role="alert" className="jm-impact-danger" data-testid="simulated-warning">
          {preview.warning}
          {preview.details && <small className="jm-details">{preview.details}</small>}
        </p>
      )}
      {network.platform === 'evm' && preview.fee && (
        <p className="jm-network-fee" data-testid="network-fee">
          {preview.fee}
        </p>
      )}
      {network.platform === 'evm' && preview.feeAmount !== undefined && (
        <FeeOutweighs network={network} fee={preview.feeAmount} {...worth} />
      )}
    </div>
  );
}
