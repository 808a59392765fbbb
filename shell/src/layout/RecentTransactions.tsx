/**
 * The wallet menu's "Recent transactions" (a chunk of its own: it loads with the first opening
 * of the menu, together with shared-chain's list). Each line: kind, status, time, amounts and
 * the explorer link; a stuck EVM transaction offers "Speed up" and "Cancel".
 */
import { useState } from 'react';
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { useLingui } from '@lingui/react/macro';
import { useLanguageCode, type RecentTransactionsModule } from '@jmswap/shared-chain';
import { RECENT_TITLE } from './approvalsTitle';

type Recent = RecentTransactionsModule;
type Item = ReturnType<Recent['useRecentTransactions']>['items'][number];

const CSS = `
.jm-recent{flex-basis:100%;max-width:420px;margin:8px 0 0 auto;padding:12px;border:1px solid var(--line);border-radius:12px;background:var(--panel);box-sizing:border-box}
.jm-recent h2{font-size:15px;margin:0 0 8px}
.jm-recent ol{list-style:none;margin:0;padding:0;max-height:60vh;overflow-y:auto}
.jm-recent li{padding:8px 0;border-top:1px solid var(--control);font-size:13px;overflow-wrap:anywhere}
.jm-recent .jm-recent-top{display:flex;flex-wrap:wrap;justify-content:space-between;gap:4px 8px}
.jm-recent .jm-recent-status[data-status=confirmed]{color:var(--status-ok)}
.jm-recent .jm-recent-status[data-status=failed],.jm-recent .jm-recent-status[data-status=dropped],.jm-recent .jm-recent-status[data-status=expired]{color:var(--status-bad)}
.jm-recent .jm-recent-actions{display:flex;flex-wrap:wrap;gap:8px;margin-top:6px}
.jm-recent button{min-height:44px;padding:0 12px;font:inherit;border-radius:10px;border:1px solid var(--line);background:var(--control);color:inherit;cursor:pointer}
.jm-recent a{color:inherit}
@media (max-width:759px){.jm-recent{max-width:none;margin:8px 0 0}}
`;

/** The list's words, in the language shown (shared-chain stores the kinds and statuses). */
const KINDS: Record<Item['kind'], MessageDescriptor> = {
  Swap: msg`Swap`,
  Approve: msg`Approve`,
  'Add liquidity': msg`Add liquidity`,
  'Remove liquidity': msg`Remove liquidity`,
  Revoke: msg`Revoke`,
  Cancel: msg`Cancel`,
};
const STATUSES: Record<Item['status'], MessageDescriptor> = {
  pending: msg`Pending`,
  confirmed: msg`Confirmed`,
  failed: msg`Failed`,
  dropped: msg`Dropped`,
  expired: msg`Expired: nothing was sent`,
  replaced: msg`Replaced`,
};

/** Date and time words and order of the language shown (Intl). */
const time = (ms: number, language: string) =>
  new Date(ms).toLocaleString(language, {
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  });

function Line({
  recent,
  item,
  stuck,
  scan,
}: {
  recent: Recent;
  item: Item;
  stuck: boolean;
  scan: string;
}) {
  const { t, i18n } = useLingui();
  const language = useLanguageCode();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string>();
  const replace = (how: 'speedUp' | 'cancel') => {
    setBusy(true);
    setProblem(undefined);
    recent.replaceTransaction(item.hash, how).then(
      () => setBusy(false),
      (error: unknown) => {
        setBusy(false);
        setProblem(error instanceof Error ? error.message : String(error));
      },
    );
  };
  const replacedBy = `${item.replacedBy?.slice(0, 10)}…`;
  return (
    <li data-testid="recent-transaction" data-hash={item.hash} data-status={item.status}>
      <div className="jm-recent-top">
        <strong>{KINDS[item.kind] ? i18n._(KINDS[item.kind]) : item.kind}</strong>
        <span className="jm-recent-status" data-status={item.status}>
          {i18n._(STATUSES[item.status])}
        </span>
      </div>
      <div>{item.summary}</div>
      <div className="jm-recent-top">
        <span>{time(item.time, language)}</span>
        <a href={`${scan}${item.hash}`} target="_blank" rel="noreferrer">
          {t`View on explorer`}
        </a>
      </div>
      {item.status === 'replaced' && item.replacedBy && <div>{t`Replaced by ${replacedBy}`}</div>}
      {stuck && (
        <div className="jm-recent-actions">
          <button type="button" disabled={busy} onClick={() => replace('speedUp')}>
            {t`Speed up`}
          </button>
          <button type="button" disabled={busy} onClick={() => replace('cancel')}>
            {t`Cancel`}
          </button>
        </div>
      )}
      {problem && <div role="alert">{problem}</div>}
    </li>
  );
}

export function RecentTransactionsPanel({ recent }: { recent: Recent }) {
  const { t, i18n } = useLingui();
  const { items, network, now } = recent.useRecentTransactions();
  const title = i18n._(RECENT_TITLE);
  return (
    <section className="jm-recent" aria-label={title} data-testid="recent-transactions">
      <style>{CSS}</style>
      <h2>{title}</h2>
      {items.length === 0 || !network ? (
        <p>{t`No transactions yet`}</p>
      ) : (
        <ol>
          {items.map((item) => (
            <Line
              key={item.hash}
              recent={recent}
              item={item}
              scan={network.scan}
              stuck={network.platform === 'evm' && recent.isStuck(item, network.id, now)}
            />
          ))}
        </ol>
      )}
    </section>
  );
}
