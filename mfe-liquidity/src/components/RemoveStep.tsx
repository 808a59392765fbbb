import { lazy, Suspense } from 'react';
import { useLingui } from '@lingui/react/macro';
import {
  QUICK_REMOVAL_PERCENTAGES,
  TokenLogo,
  formatAmount,
  lpTokensText,
  type NetworkConfig,
} from '@jmswap/shared-chain';
import {
  liquidityTaxes,
  minimumReceived,
  type LiquidityRemovalPlan,
  type UserPosition,
} from '@jmswap/shared-chain/liquidity';
import type { LiquidityAction } from '../form/liquidityForm';
import { TaxNote } from './TaxNote';

// The removal simulated before REMOVE LIQUIDITY: its own chunk.
const LiquidityPreview = lazy(() => import('./LiquidityPreview'));

interface Props {
  network: NetworkConfig;
  position: UserPosition;
  percent: number;
  plan?: LiquidityRemovalPlan;
  dispatch: (action: LiquidityAction) => void;
  busy: boolean;
  /** With a wallet: the removal is simulated before it is sent. */
  connected?: boolean;
  slippageBps?: number;
  /** The last read of the pool failed: the figures are missing or old. */
  unreachable?: boolean;
  onRemove: () => void;
}

/** Step 3, REMOVE LIQUIDITY: slider 0-100, quick percentages, what comes back. */
export function RemoveStep({ network, position, percent, plan, dispatch, busy, ...p }: Props) {
  const { t } = useLingui();
  const a = network.tokens[position.symbolA];
  const b = network.tokens[position.symbolB];
  const { normalRouter } = liquidityTaxes(network, position.symbolA, position.symbolB);
  const amount = (v: bigint | undefined, decimals = 18) =>
    v === undefined ? '-' : formatAmount(v, decimals, undefined, { dust: true });
  return (
    <>
      <div className="jm-step-title">
        <button
          type="button"
          className="jm-back"
          aria-label={t`Back`}
          onClick={() => dispatch({ type: 'back' })}
        >
          ←
        </button>
        <h2>{t`REMOVE LIQUIDITY`}</h2>
      </div>
      {p.unreachable && (
        <p role="status" className="jm-warning">
          {t`Network unreachable: the pool cannot be read right now.`}
        </p>
      )}
      <label className="jm-slider">
        {t`Remove amount`} <output data-testid="percent">{percent}%</output>
        <input
          type="range"
          aria-label={t`Remove amount`}
          min={0}
          max={100}
          step={1}
          value={percent}
          onChange={(e) => dispatch({ type: 'percent', value: Number(e.target.value) })}
        />
      </label>
      <p className="jm-quick">
        {QUICK_REMOVAL_PERCENTAGES.map((q) => (
          <button
            key={q}
            type="button"
            aria-pressed={percent === q}
            onClick={() => dispatch({ type: 'percent', value: q })}
          >
            {q}%
          </button>
        ))}
      </p>
      <dl className="jm-lq-figures" aria-label={t`You will receive`}>
        <dt>
          {a && <TokenLogo token={a} decorative />} {a?.symbol ?? position.symbolA}
        </dt>
        <dd
          data-testid="receive-a"
          data-symbol={position.symbolA}
          data-value={plan?.receivedA.toString()}
        >
          {amount(plan?.receivedA, a?.decimals)}
        </dd>
        <dt>
          {b && <TokenLogo token={b} decorative />} {b?.symbol ?? position.symbolB}
        </dt>
        <dd
          data-testid="receive-b"
          data-symbol={position.symbolB}
          data-value={plan?.receivedB.toString()}
        >
          {amount(plan?.receivedB, b?.decimals)}
        </dd>
        <dt>{t`Pool tokens to remove`}</dt>
        <dd data-testid="lp-to-remove" data-value={plan?.lpTokens.toString()}>
          {plan ? lpTokensText(plan.lpTokens) : '-'}
        </dd>
      </dl>
      {a && b && (
        <TaxNote
          tokens={[a, b]}
          taxApplies={normalRouter}
          moved={[plan?.receivedA, plan?.receivedB]}
          verb="wallet"
        />
      )}
      <button
        type="button"
        className="jm-button"
        disabled={busy || !plan || plan.lpTokens === 0n}
        onClick={p.onRemove}
      >
        {t`REMOVE LIQUIDITY`}
      </button>
      {/* Under the button: the simulation answers after each move of the slider. */}
      {p.connected && p.slippageBps !== undefined && plan && plan.lpTokens > 0n && !busy && (
        <Suspense fallback={null}>
          <LiquidityPreview
            request={{
              action: 'remove',
              networkId: network.id,
              symbolA: position.symbolA,
              symbolB: position.symbolB,
              lpTokens: plan.lpTokens,
              // The minimums REMOVE LIQUIDITY sends (useLiquidityActions).
              minA: minimumReceived(plan.atRouterA, p.slippageBps),
              minB: minimumReceived(plan.atRouterB, p.slippageBps),
              slippageBps: p.slippageBps,
            }}
          />
        </Suspense>
      )}
    </>
  );
}
