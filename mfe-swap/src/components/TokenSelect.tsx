import { memo } from 'react';
import { TokenChooser, type NetworkConfig } from '@jmswap/shared-chain';
import type { UsdPrices } from '@jmswap/shared-chain/history';
import { swapApi } from '../swapApi';
import { TokenInfo } from './TokenInfo';

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
