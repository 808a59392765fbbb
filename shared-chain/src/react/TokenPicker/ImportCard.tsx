import { useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import type { NetworkConfig } from '../../config/types';
import { formatAmount } from '../../core/amounts';
import { localText } from '../../core/errors';
import { formatTaxBps, shownTaxBps } from '../../core/taxDetection';
import { escapeUnsafeText } from '../../config/tokenIdentity';
import type { TokenTaxes } from '../../core/tokenProbe';
import { importToken, type TokenCandidate } from '../../services/tokenImport';
import { TokenLogo } from '../components';
import type { ImportState } from './hooks';

/** The warning every token read by address shows, word for word. */
function NotListedWarning() {
  const { t } = useLingui();
  return (
    <p className="jm-picker-warning" role="note">
      {t`This token is not on JMSwap's list. Anyone can create a token with any name, including copies of real tokens. Check the contract address before you trade.`}
    </p>
  );
}

export function SellFailsWarning() {
  const { t } = useLingui();
  return (
    <p className="jm-picker-danger" role="alert">
      {t`You may not be able to sell this token: selling it failed in a simulation.`}
    </p>
  );
}

function TaxLines({ taxes }: { taxes: TokenTaxes }) {
  const { t } = useLingui();
  if (taxes.kind === 'unmeasured') {
    const reason =
      taxes.reason === 'no-pool'
        ? t`it has no pool on JMSwap yet`
        : taxes.reason === 'buy-failed'
          ? t`buying it failed in a simulation`
          : t`the network could not be read`;
    const detail = taxes.detail ? ` (${escapeUnsafeText(taxes.detail)})` : '';
    return (
      <p className="jm-picker-taxes" data-testid="import-taxes">
        {t`Buy and sell tax: could not be measured: ${reason}${detail}.`}
      </p>
    );
  }
  const buy = formatTaxBps(shownTaxBps(taxes.buy));
  const sell = taxes.sell ? formatTaxBps(shownTaxBps(taxes.sell)) : undefined;
  return (
    <dl className="jm-picker-taxes" data-testid="import-taxes">
      <dt>{t`Buy tax`}</dt>
      <dd data-testid="import-buy-tax">{buy}</dd>
      <dt>{t`Sell tax`}</dt>
      <dd data-testid="import-sell-tax">{sell ?? t`could not be measured: selling failed`}</dd>
    </dl>
  );
}

function Candidate({
  network,
  token,
  onImported,
}: {
  network: NetworkConfig;
  token: TokenCandidate;
  onImported: (key: string) => void;
}) {
  const { t } = useLingui();
  const [busy, setBusy] = useState(false);
  const symbol = token.symbol;
  const supply = formatAmount(token.totalSupply, token.decimals, Math.min(token.decimals, 6));
  const logo = {
    symbol,
    name: token.name,
    address: token.address,
    decimals: 0,
    tax: 0,
    logoURI: '',
  };
  async function onImport() {
    setBusy(true);
    try {
      onImported(await importToken(token, network.id));
    } finally {
      setBusy(false);
    }
  }
  return (
    <section
      className="jm-picker-import"
      aria-label={t`Import ${symbol}`}
      data-testid="import-card"
    >
      <header>
        <TokenLogo token={logo} size={32} />
        <span>
          <strong>{symbol}</strong> <span className="jm-picker-muted">{token.name}</span>
          <br />
          <code title={token.address}>{token.address}</code>
        </span>
      </header>
      <dl className="jm-picker-facts">
        <dt>{t`Decimals`}</dt>
        <dd>{token.decimals}</dd>
        <dt>{t`Total supply`}</dt>
        <dd>{supply}</dd>
      </dl>
      <NotListedWarning />
      <TaxLines taxes={token.taxes} />
      {token.taxes.kind === 'measured' && token.taxes.sellFails && <SellFailsWarning />}
      <button type="button" className="jm-button" disabled={busy} onClick={() => void onImport()}>
        {t`Import ${symbol}`}
      </button>
    </section>
  );
}

/** What the picker shows for an address pasted in its search. */
export function ImportCard({
  network,
  state,
  onImported,
}: {
  network: NetworkConfig;
  state: ImportState;
  onImported: (key: string) => void;
}) {
  const { t } = useLingui();
  if (state.status === 'idle') return null;
  if (state.status === 'reading')
    return (
      <p className="jm-picker-status" role="status">
        {t`Reading the token from the chain…`}
      </p>
    );
  const { inspection } = state;
  if (inspection.kind === 'known') return null;
  if (inspection.kind === 'refused')
    return (
      <p className="jm-picker-danger" role="alert" data-testid="import-refused">
        {localText(inspection.message)}
        {inspection.details && <code className="jm-picker-escaped">{inspection.details}</code>}
      </p>
    );
  return <Candidate network={network} token={inspection.token} onImported={onImported} />;
}
