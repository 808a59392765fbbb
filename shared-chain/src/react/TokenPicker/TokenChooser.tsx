import { Suspense, lazy, useState } from 'react';
import type { NetworkConfig } from '../../config/types';
import { TokenButton } from './TokenButton';
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
  onSelect: (key: string) => void;
}

/** A token button and the picker it opens: what the swap, liquidity and charts screens use. */
export function TokenChooser({
  label,
  title,
  network,
  selected,
  directPairs,
  ...rest
}: TokenChooserProps) {
  const [open, setOpen] = useState(false);
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
            allowImport={rest.allowImport ?? !rest.only}
            loadBalances={rest.loadBalances}
            onPick={rest.onSelect}
            onClose={() => setOpen(false)}
          />
        </Suspense>
      )}
    </>
  );
}
