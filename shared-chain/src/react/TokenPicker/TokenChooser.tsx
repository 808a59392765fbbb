import { Suspense, lazy, useState } from 'react';
import type { NetworkConfig } from '../../config/types';
import { TokenButton } from './TokenButton';
import type { UsdPrices } from '../../api/usd';
import type { BalanceLoader } from './hooks';

const TokenPicker = lazy(() =>
  import(/* webpackChunkName: "token-picker" */ './TokenPicker').then((m) => ({
    default: m.TokenPicker,
  })),
);

export interface TokenChooserProps {
  /** What the side is ("Sell token"): the button reads "<label>: <symbol>". */
  label: string;
  /** The picker's title. */
  title: string;
  network: NetworkConfig;
  selected?: string;
  other?: string;
  directPairs?: ReadonlySet<string>;
  only?: readonly string[];
  allowImport?: boolean;
  loadBalances?: BalanceLoader;
  /** The API's USD prices: the picker shows what each held token is worth, most first. */
  usdPrices?: UsdPrices;
  /**
   * A token address no list holds, named by the page's link (`?to=0x...`): the picker opens at
   * once with it in the search, so its import card (what the chain says, the warning, the taxes)
   * asks the user before anything is traded. Only as the chooser mounts; never where import is off.
   */
  offer?: string;
  onSelect: (key: string) => void;
}

/** A token button and the picker it opens: what the swap, liquidity and charts screens use. */
export function TokenChooser({
  label,
  title,
  network,
  selected,
  directPairs,
  offer,
  ...rest
}: TokenChooserProps) {
  const allowImport = rest.allowImport ?? !rest.only;
  const [offered, setOffered] = useState(allowImport ? offer : undefined);
  const [open, setOpen] = useState(offered !== undefined);
  const token = selected ? network.tokens[selected] : undefined;
  return (
    <>
      <TokenButton
        label={label}
        token={token}
        tokenKey={selected}
        direct={selected !== undefined && directPairs?.has(selected) === true}
        onClick={() => setOpen(true)}
      />
      {open && (
        <Suspense fallback={null}>
          <TokenPicker
            network={network}
            title={title}
            selected={selected}
            directPairs={directPairs}
            other={rest.other}
            only={rest.only}
            allowImport={allowImport}
            loadBalances={rest.loadBalances}
            usdPrices={rest.usdPrices}
            initialQuery={offered}
            onPick={rest.onSelect}
            onClose={() => {
              setOpen(false);
              setOffered(undefined);
            }}
          />
        </Suspense>
      )}
    </>
  );
}
