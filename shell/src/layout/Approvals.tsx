/**
 * The wallet menu's "Approvals" (a chunk of its own, loaded with its first opening together with
 * shared-chain's allowances): every token the exchange's routers may spend from the connected
 * account on this network, read from the chain, each with "Revoke" (a preview, then
 * approve(spender, 0) through the usual send path).
 */
import { useEffect, useState } from 'react';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import {
  formatAmount,
  i18n,
  isUserRejection,
  localText,
  usePendingTransaction,
  type AllowancesModule,
  type NetworkConfig,
} from '@jmswap/shared-chain';
import { APPROVALS_TITLE } from './approvalsTitle';

type Allowances = AllowancesModule;
type Row = Awaited<ReturnType<Allowances['listAllowances']>>['rows'][number];

function feeText(network: NetworkConfig, fee: bigint | undefined | null): string {
  if (fee === null) return '…';
  if (fee === undefined) return i18n._(msg`not known`);
  const decimals = network.tokens[network.baseToken]?.decimals ?? 18;
  return `${formatAmount(fee, decimals, 6, { dust: true })} ${network.baseToken}`;
}

function Preview({
  allowances,
  row,
  network,
  account,
  onDone,
  onBack,
}: {
  allowances: Allowances;
  row: Row;
  network: NetworkConfig;
  account: string;
  onDone(): void;
  onBack(): void;
}) {
  const { t } = useLingui();
  const [fee, setFee] = useState<bigint | undefined | null>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string>();
  const pending = usePendingTransaction();
  useEffect(() => {
    let live = true;
    allowances.revokeFee(network, account, row).then((f) => live && setFee(f));
    return () => {
      live = false;
    };
  }, [allowances, network, account, row]);
  const revoke = () => {
    setBusy(true);
    setProblem(undefined);
    allowances.revokeAllowance(network, row).then(onDone, (error: unknown) => {
      setBusy(false);
      if (!isUserRejection(error))
        setProblem(localText(error instanceof Error ? error.message : String(error)));
    });
  };
  return (
    <div data-testid="revoke-preview">
      <dl>
        <dt>{t`Token`}</dt>
        <dd>{row.symbol}</dd>
        <dt>{t`Spender`}</dt>
        <dd>{row.spender.name}</dd>
        <dt>{t`New allowance`}</dt>
        <dd>0</dd>
        <dt>{t`Estimated network fee`}</dt>
        <dd>{feeText(network, fee)}</dd>
      </dl>
      <div className="jm-approvals-actions">
        <button type="button" disabled={busy || pending !== undefined} onClick={revoke}>
          {busy ? t`Revoking…` : t`Confirm revoke`}
        </button>
        <button type="button" disabled={busy} onClick={onBack}>
          {t`Back`}
        </button>
      </div>
      {problem && <p role="alert">{problem}</p>}
    </div>
  );
}

export function ApprovalsPanel({ allowances }: { allowances: Allowances }) {
  const { t } = useLingui();
  const view = allowances.useAllowances();
  const [chosen, setChosen] = useState<string>();
  const pending = usePendingTransaction();
  const { network, account, list } = view;
  // A preview belongs to its network's row: another network's list never inherits it.
  const keyOf = (row: Row) => `${network?.id}:${row.token}:${row.spender.address}`;
  const title = i18n._(APPROVALS_TITLE);
  return (
    <section className="jm-approvals" aria-label={title} data-testid="approvals">
      <h2>{title}</h2>
      <p>{t`What the exchange's routers may spend from your wallet.`}</p>
      {view.status === 'loading' && <p role="status">{t`Reading allowances…`}</p>}
      {view.status === 'error' && (
        <div role="alert">
          <p>{view.error}</p>
          <button type="button" onClick={view.reload}>
            {t`Try again`}
          </button>
        </div>
      )}
      {view.status === 'ready' && list && list.rows.length === 0 && (
        <p>{t`No approvals: the routers cannot spend any of your tokens.`}</p>
      )}
      {list && list.unread > 0 && (
        <p role="alert">{t`Some allowances could not be read; the list may be incomplete.`}</p>
      )}
      {list && list.rows.length > 0 && network && account && (
        <ol>
          {list.rows.map((row) => (
            <li
              key={keyOf(row)}
              data-testid="approval"
              data-token={row.token}
              data-spender={row.spender.address}
            >
              <div className="jm-approvals-top">
                <strong>{row.symbol}</strong>
                <span>{row.text}</span>
              </div>
              <div className="jm-approvals-top">
                <span>{row.spender.name}</span>
                {chosen !== keyOf(row) && (
                  <button
                    type="button"
                    disabled={pending !== undefined}
                    onClick={() => setChosen(keyOf(row))}
                  >
                    {t`Revoke`}
                  </button>
                )}
              </div>
              {chosen === keyOf(row) && (
                <Preview
                  allowances={allowances}
                  row={row}
                  network={network}
                  account={account}
                  onBack={() => setChosen(undefined)}
                  onDone={() => {
                    setChosen(undefined);
                    view.reload();
                  }}
                />
              )}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
