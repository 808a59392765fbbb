import { lazy, Suspense } from 'react';
import { useLingui } from '@lingui/react/macro';
import {
  formatAmount,
  localText,
  requestWalletConnect,
  showToast,
  type NetworkConfig,
  type TokenConfig,
  type WalletSession,
} from '@jmswap/shared-chain';
import {
  liquidityTaxes,
  maxSpendable,
  validateLiquidityAdd,
  type UserPosition,
} from '@jmswap/shared-chain/liquidity';
import type { AddView } from '../form/addView';
import { liquidityApi } from '../liquidityApi';
import { BALANCE_UNREAD } from '../useLiquidityActions';
import type { LiquidityAction, LiquidityForm } from '../form/liquidityForm';
import { AmountInput } from './AmountInput';
import { PoolItem } from './PoolItem';
import { PoolShare } from './PoolShare';
import { TaxNote } from './TaxNote';

// The add simulated before SUPPLY: its own chunk, loaded with a wallet and amounts.
const LiquidityPreview = lazy(() => import('./LiquidityPreview'));

interface Props {
  network: NetworkConfig;
  session: WalletSession;
  form: LiquidityForm;
  view: AddView;
  dispatch: (action: LiquidityAction) => void;
  balances: Record<string, bigint>;
  /** The balances of these tokens, read on the spot where not read yet (undefined: no node). */
  balancesNow: (symbols: string[]) => Promise<Record<string, bigint> | undefined>;
  energy?: bigint;
  matching?: UserPosition;
  unreachable: boolean;
  busy: boolean;
  slippageBps: number;
  /** A token address of the page's link that this browser does not know: offered for import. */
  linked?: { side: 'from' | 'to'; address: string };
  onSupply: () => void;
}

/** Step 2, ADD LIQUIDITY. */
export function AddStep({ network, session, form, view, dispatch, balances, ...p }: Props) {
  const { t } = useLingui();
  const a = form.fromSymbol ? network.tokens[form.fromSymbol] : undefined;
  const b = form.toSymbol ? network.tokens[form.toSymbol] : undefined;
  // "-" until read, as in the swap box: a 0 would say the wallet is empty.
  const balance = (symbol?: string) => {
    if (!session.connected || !symbol) return undefined;
    const known = balances[symbol];
    return known === undefined
      ? '-'
      : formatAmount(known, network.tokens[symbol]?.decimals ?? 18, 6, { dust: true });
  };
  // Tokens by key (a listed symbol, or the address of a token beyond the config).
  const [keyA, keyB] = [form.fromSymbol, form.toSymbol];
  const max = (field: 'A' | 'B', symbol?: string) => async () => {
    const token = symbol ? network.tokens[symbol] : undefined;
    if (!token || !symbol) return;
    const other = field === 'A' ? keyB : keyA;
    // On EVM the base coin keeps what this add really costs in gas (a fixed 0.01 coin pays
    // for about 10 gas on BTTC).
    const gasReserve =
      token.isBase && network.platform === 'evm' && session.address && other
        ? await liquidityApi().gasReserve?.(network.id, session.address, symbol, other)
        : undefined;
    const held = balances[symbol] ?? (await p.balancesNow([symbol]))?.[symbol];
    if (held === undefined) return showToast('error', BALANCE_UNREAD());
    const amount = maxSpendable(network, token, held, {
      energy: p.energy,
      gasReserve,
    });
    dispatch({ type: 'typed', field, text: formatAmount(amount, token.decimals) });
  };
  const taxApplies = keyA && keyB ? liquidityTaxes(network, keyA, keyB).normalRouter : false;
  const plan = view.plan;
  const short = session.connected ? balanceShort(a, b, view, balances, keyA, keyB) : undefined;
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
        <h2>{t`ADD LIQUIDITY`}</h2>
      </div>
      {p.unreachable && (
        <p role="status" className="jm-warning">
          {t`Network unreachable: the pool cannot be read right now.`}
        </p>
      )}
      <AmountInput
        label={t`Tokens to swap`}
        value={view.textA}
        onChange={(text) => dispatch({ type: 'typed', field: 'A', text })}
        network={network}
        selected={form.fromSymbol}
        other={form.toSymbol}
        onSelect={(symbol) => dispatch({ type: 'fromChosen', symbol })}
        offer={p.linked?.side === 'from' ? p.linked.address : undefined}
        balance={balance(form.fromSymbol)}
        onMax={session.connected ? max('A', form.fromSymbol) : undefined}
      />
      <span className="jm-plus" aria-hidden="true">
        +
      </span>
      <AmountInput
        label={t`Estimate`}
        value={view.textB}
        onChange={(text) => dispatch({ type: 'typed', field: 'B', text })}
        network={network}
        selected={form.toSymbol}
        other={form.fromSymbol}
        onSelect={(symbol) => dispatch({ type: 'toChosen', symbol })}
        offer={p.linked?.side === 'to' ? p.linked.address : undefined}
        balance={balance(form.toSymbol)}
        onMax={session.connected ? max('B', form.toSymbol) : undefined}
      />
      {form.notice && (
        <p role="alert" className="jm-warning">
          {form.notice}
        </p>
      )}
      {a && b && (
        <PoolShare
          a={a}
          b={b}
          plan={plan}
          prices={{ aInB: view.priceAtoB, bInA: view.priceBtoA }}
          firstProvider={view.firstProvider}
        />
      )}
      {a && b && (
        <TaxNote
          tokens={[a, b]}
          taxApplies={taxApplies}
          moved={[plan?.toPoolA, plan?.toPoolB]}
          verb="pool"
        />
      )}
      {p.matching && (
        <ul className="jm-lq-list" aria-label={t`Your pool`}>
          <PoolItem network={network} position={p.matching} />
        </ul>
      )}
      {short && (
        <p role="alert" className="jm-warning" data-testid="balance-short">
          {localText(short)}
        </p>
      )}
      {session.connected ? (
        <button
          type="button"
          className="jm-button"
          disabled={p.busy}
          data-amount-a={plan?.amountA.toString()}
          data-amount-b={plan?.amountB.toString()}
          data-lp-tokens={plan?.lpTokens.toString()}
          onClick={p.onSupply}
        >
          {t`SUPPLY`}
        </button>
      ) : session.restoring ? (
        <button type="button" className="jm-button" disabled aria-busy="true">
          {t`Connecting wallet…`}
        </button>
      ) : (
        <button type="button" className="jm-button" onClick={requestWalletConnect}>
          {t`CONNECT WALLET`}
        </button>
      )}
      {/* Under SUPPLY: the simulation answers a moment after the amounts, and above the button
          its lines would move SUPPLY under a finger on its way to it. */}
      {session.connected &&
        !short &&
        a &&
        b &&
        plan &&
        plan.amountA > 0n &&
        plan.amountB > 0n &&
        !p.busy && (
          <Suspense fallback={null}>
            <LiquidityPreview
              request={{
                action: 'add',
                networkId: network.id,
                symbolA: keyA as string,
                symbolB: keyB as string,
                amountA: plan.amountA,
                amountB: plan.amountB,
                slippageBps: p.slippageBps,
              }}
            />
          </Suspense>
        )}
    </>
  );
}

/**
 * The spec's balance text when a side needs more than the wallet holds (SUPPLY's own check), at
 * once instead of a simulation that can only fail; undefined until both balances are read.
 */
function balanceShort(
  a: TokenConfig | undefined,
  b: TokenConfig | undefined,
  view: AddView,
  balances: Record<string, bigint>,
  keyA?: string,
  keyB?: string,
): string | undefined {
  const [balanceA, balanceB] = [keyA && balances[keyA], keyB && balances[keyB]];
  if (!a || !b || typeof balanceA !== 'bigint' || typeof balanceB !== 'bigint') return undefined;
  const check = validateLiquidityAdd({
    tokenA: a,
    tokenB: b,
    amountA: view.plan?.amountA ?? view.amountA,
    amountB: view.plan?.amountB ?? view.amountB,
    balanceA,
    balanceB,
  });
  return !check.ok && check.code.startsWith('INSUFFICIENT_') ? check.message : undefined;
}
