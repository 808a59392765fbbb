import { useEffect } from 'react';
import {
  TokenLogo,
  requestWalletConnect,
  setLoading,
  useNetworkConfig,
  useWalletSession,
  type RemoteScreenProps,
} from '@jmswap/shared-chain';

/** LIQUIDITY step 1 (the add and remove steps come with the liquidity issue). */
export function LiquidityPanel({ network: networkId }: RemoteScreenProps) {
  const state = useNetworkConfig(networkId);
  const session = useWalletSession();
  useEffect(() => {
    if (state.status !== 'loading') setLoading(false);
  }, [state.status]);
  if (state.status !== 'ready')
    return <section className="jm-card">{state.status === 'error' ? state.message : null}</section>;
  const { network } = state;
  const pair = network.defaultTokens.map((s) => network.tokens[s]);
  return (
    <section className="jm-card" data-remote="liquidity" data-remote-version={__APP_VERSION__}>
      <h2>LIQUIDITY</h2>
      <p className="jm-pair" data-testid="default-pair">
        {pair.map((t) => t && <TokenLogo key={t.symbol} token={t} />)}{' '}
        {network.defaultTokens.join('/')}
      </p>
      {session.connected ? (
        <button type="button" className="jm-button">
          ADD LIQUIDITY
        </button>
      ) : (
        <button type="button" className="jm-button" onClick={requestWalletConnect}>
          CONNECT WALLET
        </button>
      )}
      <h3>Your liquidity</h3>
      <p>{session.connected ? 'No liquidity' : 'Wallet not connected'}</p>
    </section>
  );
}

export default LiquidityPanel;
