import { useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import { TokenLogo, type NetworkConfig } from '@jmswap/shared-chain';
import { chartPairs } from './pairs';

function PairLabel({ network, a, b }: { network: NetworkConfig; a: string; b: string }) {
  const ta = network.tokens[a];
  const tb = network.tokens[b];
  return (
    <>
      {ta && <TokenLogo token={ta} size={20} />}
      {tb && <TokenLogo token={tb} size={20} />}
      <span>
        {a}/{b}
      </span>
    </>
  );
}

/** The pair dropdown: every chart pair of the network, with both token icons. */
export function PairPicker({
  network,
  pair: [a, b],
  onPick,
}: {
  network: NetworkConfig;
  pair: [string, string];
  onPick: (a: string, b: string) => void;
}) {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  const pair = `${a}/${b}`;
  return (
    <div className="jm-pair-picker">
      <button
        type="button"
        aria-haspopup="listbox"
        aria-expanded={open}
        aria-label={t`Pair: ${pair}`}
        onClick={() => setOpen((o) => !o)}
      >
        <PairLabel network={network} a={a} b={b} /> ▾
      </button>
      {open && (
        <ul role="listbox" aria-label={t`Pairs`}>
          {chartPairs(network).map((p) => (
            <li key={`${p.symbolA}/${p.symbolB}`} role="option" aria-selected={false}>
              <button
                type="button"
                onClick={() => {
                  setOpen(false);
                  onPick(p.symbolA, p.symbolB);
                }}
              >
                <PairLabel network={network} a={p.symbolA} b={p.symbolB} />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
