import { memo, useId, useRef, useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import {
  asciiNumberText,
  formatBps,
  isValidDeadlineMinutes,
  MAX_DEADLINE_MINUTES,
  MIN_DEADLINE_MINUTES,
} from '@jmswap/shared-chain';
import { parseSlippagePercent, slippageWarning } from '@jmswap/shared-chain/swap';

const PRESETS = [50, 100, 500];

interface Props {
  slippageBps: number;
  suggestedBps: number;
  onChange: (bps: number) => void;
  /** Approve only each swap's amount instead of the maximum allowance. */
  exactApproval: boolean;
  onExactApproval: (exact: boolean) => void;
  /** Minutes a swap stays valid once sent (1-180); absent: the setting is not offered. */
  deadlineMinutes?: number;
  onDeadline?: (minutes: number) => void;
}

/**
 * Slippage tolerance (presets, a custom value, warnings, the suggestion that covers taxes), the
 * approval mode and the transaction deadline.
 */
export const SlippageSettings = memo(function SlippageSettings({
  slippageBps,
  suggestedBps,
  onChange,
  exactApproval,
  onExactApproval,
  deadlineMinutes,
  onDeadline,
}: Props) {
  const [open, setOpen] = useState(false);
  const toggle = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const [custom, setCustom] = useState('');
  const [invalid, setInvalid] = useState(false);
  const warning = slippageWarning(slippageBps, suggestedBps);
  const { t } = useLingui();
  const slippage = formatBps(BigInt(slippageBps));
  const suggested = formatBps(BigInt(suggestedBps));
  return (
    <div
      className="jm-settings"
      // Escape folds the settings away, as it closes the token picker, and the focus goes back
      // to the toggle rather than staying in a panel that is gone.
      onKeyDown={(e) => {
        if (e.key !== 'Escape' || !open) return;
        setOpen(false);
        toggle.current?.focus();
      }}
    >
      <button
        ref={toggle}
        type="button"
        className="jm-link"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((o) => !o)}
      >
        {t`Slippage ${slippage}%`}
      </button>
      {open && (
        <div
          id={panelId}
          role="group"
          aria-label={t`Slippage tolerance`}
          className="jm-settings-panel"
        >
          {PRESETS.map((bps) => (
            <button
              key={bps}
              type="button"
              aria-pressed={bps === slippageBps}
              onClick={() => onChange(bps)}
            >
              {formatBps(BigInt(bps))}%
            </button>
          ))}
          <label>
            {t`Custom %`}
            <input
              value={custom}
              inputMode="decimal"
              aria-invalid={invalid}
              onChange={(e) => {
                const text = asciiNumberText(e.target.value).replace(',', '.');
                setCustom(text);
                const parsed = parseSlippagePercent(text);
                setInvalid(!parsed.ok);
                if (parsed.ok) onChange(parsed.bps);
              }}
            />
          </label>
          <label className="jm-approval">
            <input
              type="checkbox"
              checked={exactApproval}
              onChange={(e) => onExactApproval(e.target.checked)}
            />
            {t`Approve only the amount of each swap`}
          </label>
          {invalid && <p role="alert">{t`Enter a slippage between 0.01% and 50%.`}</p>}
          {deadlineMinutes !== undefined && onDeadline && (
            <DeadlineField minutes={deadlineMinutes} onChange={onDeadline} />
          )}
          {suggestedBps > slippageBps && (
            <p className="jm-suggestion">
              {t`This route moves taxed tokens: a slippage of ${suggested}% covers their tax.`}{' '}
              <button type="button" onClick={() => onChange(suggestedBps)}>
                {t`Use ${suggested}%`}
              </button>
            </p>
          )}
        </div>
      )}
      {warning === 'may-fail' && (
        <p className="jm-warning">{t`Your transaction may fail: the slippage is very low.`}</p>
      )}
      {warning === 'may-be-frontrun' && (
        <p className="jm-warning">{t`Your transaction may be frontrun: the slippage is high.`}</p>
      )}
    </div>
  );
});

/**
 * The transaction deadline in whole minutes: what is typed applies as soon as it is 1 to 180 (as
 * the custom slippage does); leaving the field shows the value in force.
 */
function DeadlineField({
  minutes,
  onChange,
}: {
  minutes: number;
  onChange: (minutes: number) => void;
}) {
  const { t } = useLingui();
  const [text, setText] = useState(String(minutes));
  const invalid = !/^\d{1,3}$/.test(text) || !isValidDeadlineMinutes(Number(text));
  const [min, max] = [MIN_DEADLINE_MINUTES, MAX_DEADLINE_MINUTES];
  return (
    <>
      <label className="jm-deadline">
        {t`Transaction deadline (minutes)`}
        <input
          value={text}
          inputMode="numeric"
          aria-invalid={invalid}
          maxLength={3}
          onChange={(e) => {
            const typed = asciiNumberText(e.target.value);
            setText(typed);
            const value = Number(typed);
            if (/^\d{1,3}$/.test(typed) && isValidDeadlineMinutes(value)) onChange(value);
          }}
          // What is applied is the last valid value: leaving the field shows it again.
          onBlur={() => setText(String(minutes))}
        />
      </label>
      {invalid && <p role="alert">{t`Enter a deadline between ${min} and ${max} minutes.`}</p>}
    </>
  );
}
