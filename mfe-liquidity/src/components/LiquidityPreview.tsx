import { useEffect, useState } from 'react';
// In this lazy chunk, not the first load: the previews and their texts come with the component.
import {
  previewAdd,
  previewRemove,
  type AddPreviewRequest,
  type RemovePreviewRequest,
  type SendPreviewText,
} from '@jmswap/shared-chain/liquidity';

export type LiquidityPreviewRequest =
  ({ action: 'add' } & AddPreviewRequest) | ({ action: 'remove' } & RemovePreviewRequest);

/** Amounts typed or slid in a hurry are simulated once they stand still. */
const SETTLE_MS = 300;

// No colour of its own (themes stay in the stylesheets): size and wrapping for a 320 px phone.
const TEXT = { fontSize: 12, overflowWrap: 'anywhere' } as const;

const keyOf = (request: LiquidityPreviewRequest): string =>
  JSON.stringify(request, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v));

/**
 * The liquidity panel's confirm step: the exact add or removal simulated on the chain
 * (what leaves the wallet, what arrives, or that the pool moved beyond the slippage and what to
 * do) and the estimated network fee. Nothing while it is simulated or when it cannot be (the pool
 * does not exist yet); a note while a token still needs its approval.
 */
export default function LiquidityPreview({ request }: { request: LiquidityPreviewRequest }) {
  const [preview, setPreview] = useState<SendPreviewText>();
  const key = keyOf(request);
  useEffect(() => {
    let live = true;
    setPreview(undefined);
    const timer = setTimeout(() => {
      const load = request.action === 'add' ? previewAdd(request) : previewRemove(request);
      void load.then((p) => live && setPreview(p));
    }, SETTLE_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
    // The request's content, not its identity (a new object each render).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  if (!preview) return null;
  return (
    <div className="jm-lq-preview" data-testid="simulated-result" style={TEXT}>
      {preview.note && <p data-testid="simulated-note">{preview.note}</p>}
      {preview.result && <p>{preview.result}</p>}
      {preview.warning && (
        <p role="alert" className="jm-warning" data-testid="simulated-warning">
          {preview.warning}
          {preview.details && <small> {preview.details}</small>}
        </p>
      )}
      {preview.fee && <p data-testid="network-fee">{preview.fee}</p>}
    </div>
  );
}
