import { useEffect, useRef } from 'react';
import { useLingui } from '@lingui/react/macro';
import type { NetworkConfig } from '../../config/types';
import { removeImportedToken } from '../../services/tokenImport';
import { TokenLogo } from '../components';
import type { PickerEntry } from './search';

/** The tokens this browser imported on the network, each with a Remove button. */
export function ImportedTokens({
  network,
  tokens,
  onBack,
}: {
  network: NetworkConfig;
  tokens: readonly PickerEntry[];
  onBack: () => void;
}) {
  const { t } = useLingui();
  const back = useRef<HTMLButtonElement>(null);
  const list = useRef<HTMLUListElement>(null);
  const removing = useRef(false);
  // Focus never falls out of the sheet to the page (the button pressed goes away): Back on the
  // way in; once a token is removed, the next Remove, or Back when none is left.
  useEffect(() => {
    const next = removing.current
      ? list.current?.querySelector<HTMLButtonElement>('.jm-picker-remove')
      : undefined;
    removing.current = false;
    (next ?? back.current)?.focus();
  }, [tokens.length]);
  return (
    <section className="jm-picker-managed" aria-label={t`Imported tokens`}>
      <button ref={back} type="button" className="jm-picker-manage" onClick={onBack}>
        ← {t`Back to the tokens`}
      </button>
      {tokens.length === 0 ? (
        <p className="jm-picker-status" role="status">
          {t`No imported tokens.`}
        </p>
      ) : (
        <ul ref={list}>
          {tokens.map(({ key, token }) => {
            const symbol = token.symbol;
            return (
              <li key={key}>
                <TokenLogo token={token} size={24} />{' '}
                <span className="jm-picker-managed-names">
                  <strong title={symbol}>{symbol}</strong> <code>{token.address}</code>
                </span>
                <button
                  type="button"
                  className="jm-picker-remove"
                  aria-label={t`Remove imported token ${symbol}`}
                  onClick={() => {
                    removing.current = true;
                    void removeImportedToken(token.address, network.id);
                  }}
                >
                  {t`Remove`}
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
