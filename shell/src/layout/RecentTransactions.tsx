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
  // The words of the popup that opened at the send (FUNDS ON THE WAY, the liquidity popup).
  pending: msg`Confirming…`,
  confirmed: msg`Confirmed`,
  failed: msg`Failed`,
  dropped: msg`Dropped`,
  expired: msg`Expired: nothing was sent`,
  replaced: msg`Replaced`,
};

/**
 * Date and time words and order of the language shown (Intl), as the trade tables write them:
 * "5 Dec, 01:10" (the month as a word, a 24-hour clock), "12月5日 01:10".
 */
const time = (ms: number, language: string) =>
  new Date(ms).toLocaleString(language === 'en' ? 'en-GB' : language, {
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
      {item.outcome && <div data-testid="recent-outcome">{item.outcome}</div>}
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
