import { memo } from 'react';
import { useLingui } from '@lingui/react/macro';
import { TokenChooser, type NetworkConfig, type TokenConfig } from '@jmswap/shared-chain';
import type { UsdPrices } from '@jmswap/shared-chain/history';
import { swapApi } from '../swapApi';

interface Props {
  label: string;
  /** The picker's title. */
  title: string;
  network: NetworkConfig;
  /** This side's token key, and the other side's. */
  selected?: string;
  other?: string;
  /** Keys that have a direct pool with the other selected token. */
  directPairs: ReadonlySet<string>;
  /** A widget host's `tokens`: only these, and no import. */
  only?: readonly string[];
  /** An unknown token address of the page's link, offered for import as the box opens. */
  offer?: string;
  /** The api's USD prices: the picker shows what each held token is worth. */
  usdPrices?: UsdPrices;
  onSelect: (key: string) => void;
}

function TokenInfo({ token }: { token: TokenConfig }) {
  const { t } = useLingui();
  if (!token.description && !token.www) return null;
  const text = [token.description, token.www].filter(Boolean).join(' ');
  const symbol = token.symbol;
  return (
    <span className="jm-info" title={text} aria-label={t`About ${symbol}: ${text}`} tabIndex={0}>
      i
    </span>
  );
}

/**
 * A side's token: the picker's button (logo, symbol, the direct-pair icon), an info tooltip, and
 * the token picker when open. Memoised: a keystroke in the amount fields does not render it.
 */
export const TokenSelect = memo(function TokenSelect(props: Props) {
  const token = props.selected ? props.network.tokens[props.selected] : undefined;
  return (
    <div className="jm-token-select">
      <TokenChooser
        {...props}
        allowImport={!props.only}
        loadBalances={(owner, keys) => swapApi().balances(props.network.id, owner, keys)}
        usdPrices={props.usdPrices}
      />
      {token && <TokenInfo token={token} />}
    </div>
  );
});
