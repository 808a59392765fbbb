import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import {
  NetworkNotConfigured,
  registerCatalog,
  setLoading,
  useNetworkConfig,
  useSlippageBps,
  usePairInLink,
  useWalletSession,
  type NetworkConfig,
  type RemoteScreenProps,
} from '@jmswap/shared-chain';
import { planRemoval, type UserPosition } from '@jmswap/shared-chain/liquidity';
import { linkedImport, useUnknownSymbolsCleared } from '@jmswap/shared-chain/tokens';
import { addView } from './form/addView';
import { initialForm, liquidityReducer } from './form/liquidityForm';
import { usePositions } from './usePositions';
import { usePairData } from './usePairData';
import { useLiquidityActions } from './useLiquidityActions';
import { PositionsStep } from './components/PositionsStep';
import { AddStep } from './components/AddStep';
import { RemoveStep } from './components/RemoveStep';
import { LiquiditySent } from './components/LiquiditySent';
import './liquidityApiImpl';
import './liquidity.css';

// This remote's texts in the language in use (English is in the code).
void registerCatalog(
  'liquidity',
  (language) =>
    import(
      /* webpackChunkName: "messages-liquidity-[request]" */
      /* webpackExclude: /en\.ts$/ */
      `./locales/${language}.ts`
    ),
);

/** The liquidity panel: 1 positions, 2 add, 3 remove (index route, t=addLiquidity). */
export function LiquidityPanel({ network: networkId, query, setQuery }: RemoteScreenProps) {
  const state = useNetworkConfig(networkId);
  useEffect(() => {
    if (state.status !== 'loading') setLoading(false);
  }, [state.status]);
  if (state.status === 'loading') return null;
  if (state.status === 'error')
    return (
      <section className="jm-card" role="alert">
        {state.message}
      </section>
    );
  // A network change remounts the panel: form and positions start over.
  return <Panel key={state.network.id} network={state.network} query={query} setQuery={setQuery} />;
}

const samePair = (p: UserPosition, a?: string, b?: string) =>
  (p.symbolA === a && p.symbolB === b) || (p.symbolA === b && p.symbolB === a);

function Panel({
  network,
  query,
  setQuery,
}: {
  network: NetworkConfig;
  query?: RemoteScreenProps['query'];
  setQuery?: RemoteScreenProps['setQuery'];
}) {
  const { t } = useLingui();
  const session = useWalletSession();
  const [slippageBps] = useSlippageBps();
  const reducer = useMemo(() => liquidityReducer(network), [network]);
  const [form, dispatch] = useReducer(reducer, undefined, () =>
    initialForm(network, { from: query?.from, to: query?.to }),
  );
  // The add's pair in the page's link (a link with from and to opens the add with it).
  const adding = form.step === 2;
  usePairInLink(adding ? form.fromSymbol : undefined, adding ? form.toSymbol : undefined, setQuery);
  useUnknownSymbolsCleared(network, query, setQuery);
  // The network's tokens changed (an imported token removed): the reducer has them now.
  useEffect(() => dispatch({ type: 'tokensChanged' }), [reducer]);
  // Read once, as the panel opens (a network change remounts it; its tabs drop from and to),
  // and offered only until the add is left: coming back to it opens no picker.
  const [linked, setLinked] = useState(() =>
    linkedImport(network, { from: query?.from, to: query?.to }),
  );
  useEffect(() => {
    if (form.step !== 2) setLinked(undefined);
  }, [form.step]);
  const { positions, status, reload, reloadSoon } = usePositions(network, session);
  // Stable, so the rows already shown are not drawn again when a page of positions arrives.
  const openAdd = useCallback(
    (p?: UserPosition) => dispatch({ type: 'openAdd', symbolA: p?.symbolA, symbolB: p?.symbolB }),
    [],
  );
  const openRemove = useCallback(
    (position: UserPosition) => dispatch({ type: 'openRemove', position }),
    [],
  );
  const removing = form.step === 3 ? form.position : undefined;
  const owner = session.connected ? session.address : undefined;
  const data = usePairData(
    network,
    owner,
    removing?.symbolA ?? form.fromSymbol,
    removing?.symbolB ?? form.toSymbol,
  );
  const actions = useLiquidityActions({
    network,
    balances: data.balances,
    balancesNow: data.balancesNow,
    energyNow: data.energyNow,
    energy: data.energy,
    slippageBps,
    onDone: () => {
      dispatch({ type: 'done' });
      data.refresh();
      reloadSoon();
    },
  });
  // Back from a node outage, the positions are read again: their figures date from before it.
  const wasUnreachable = useRef(false);
  const reloadPositions = useRef(reload);
  reloadPositions.current = reload;
  useEffect(() => {
    if (wasUnreachable.current && !data.unreachable) void reloadPositions.current();
    wasUnreachable.current = data.unreachable;
  }, [data.unreachable]);
  const view = addView(network, form, removing ? undefined : data.pair);
  const removal =
    removing && data.pair?.symbolA === removing.symbolA && data.pair.symbolB === removing.symbolB
      ? planRemoval(network, data.pair, removing.userLiquidity, form.percent)
      : undefined;
  return (
    <section
      className="jm-card jm-liquidity"
      data-remote="liquidity"
      data-step={form.step}
      data-remote-version={__APP_VERSION__}
      aria-label={t`Liquidity`}
    >
      <NetworkNotConfigured network={network} />
      {form.step === 1 && (
        <PositionsStep
          network={network}
          session={session}
          positions={positions}
          status={status}
          unreachable={data.unreachable}
          onAdd={openAdd}
          onRemove={openRemove}
          onRetry={() => void reload()}
        />
      )}
      {form.step === 2 && (
        <AddStep
          network={network}
          session={session}
          form={form}
          view={view}
          dispatch={dispatch}
          balances={data.balances}
          balancesNow={data.balancesNow}
          energy={data.energy}
          matching={positions?.find((p) => samePair(p, form.fromSymbol, form.toSymbol))}
          unreachable={data.unreachable}
          busy={actions.busy}
          slippageBps={slippageBps}
          linked={linked}
          onSupply={() => void actions.supply(form.fromSymbol, form.toSymbol, view)}
        />
      )}
      {form.step === 3 && removing && (
        <RemoveStep
          network={network}
          position={removing}
          percent={form.percent}
          plan={removal}
          dispatch={dispatch}
          busy={actions.busy}
          connected={session.connected}
          slippageBps={slippageBps}
          unreachable={data.unreachable}
          onRemove={() => removal && void actions.remove(removing, removal)}
        />
      )}
      {actions.sent && (
        <LiquiditySent
          network={network}
          send={actions.sent}
          onSpedUp={actions.spedUp}
          onClose={actions.closeSent}
        />
      )}
    </section>
  );
}

export default LiquidityPanel;
