import { useEffect } from 'react';
import {
  NetworkNotConfigured,
  TokenLogo,
  requestWalletConnect,
  setLoading,
  useNetworkConfig,
  useWalletSession,
  type RemoteScreenProps,
  type TokenConfig,
} from '@jmswap/shared-chain';

function TokenField({ label, token }: { label: string; token?: TokenConfig }) {
  return (
    <div className="jm-field">
      <label>
        {label}
        <input placeholder="Amount" inputMode="decimal" disabled />
      </label>
      <span className="jm-token" data-testid={`${label === 'Estimate' ? 'to' : 'from'}-token`}>
        {token && <TokenLogo token={token} />} {token?.symbol}
      </span>
    </div>
  );
}

/** TOKEN SWAP box (the full form comes with the swap issue; here: the network's default pair). */
export function SwapPanel({ network: networkId }: RemoteScreenProps) {
  const state = useNetworkConfig(networkId);
  const session = useWalletSession();
  useEffect(() => {
    if (state.status !== 'loading') setLoading(false);
  }, [state.status]);
  if (state.status !== 'ready')
    return <section className="jm-card">{state.status === 'error' ? state.message : null}</section>;
  const { network } = state;
  const [from, to] = network.defaultTokens.map((s) => network.tokens[s]);
  return (
    <section className="jm-card" data-remote="swap" data-remote-version={__APP_VERSION__}>
      <h2>TOKEN SWAP</h2>
      <NetworkNotConfigured network={network} />
      <TokenField label="Tokens to swap" token={from} />
      <TokenField label="Estimate" token={to} />
      {!session.connected && (
        <button type="button" className="jm-button" onClick={requestWalletConnect}>
          CONNECT WALLET
        </button>
      )}
    </section>
  );
}

export default SwapPanel;
