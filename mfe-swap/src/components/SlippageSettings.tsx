import { memo, useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import { formatBps } from '@jmswap/shared-chain';
import { parseSlippagePercent, slippageWarning } from '@jmswap/shared-chain/swap';

const PRESETS = [50, 100, 500];

interface Props {
  slippageBps: number;
  suggestedBps: number;
  onChange: (bps: number) => void;
  /** Approve only each swap's amount instead of the maximum allowance. */
  exactApproval: boolean;
  onExactApproval: (exact: boolean) => void;
}

/** Slippage tolerance: presets, a custom value, warnings, and the suggestion that covers taxes. */
export const SlippageSettings = memo(function SlippageSettings({
  slippageBps,
  suggestedBps,
  onChange,
  exactApproval,
  onExactApproval,
}: Props) {
  const [open, setOpen] = useState(false);
  const [custom, setCustom] = useState('');
  const [invalid, setInvalid] = useState(false);
  const warning = slippageWarning(slippageBps);
  const { t } = useLingui();
  const slippage = formatBps(BigInt(slippageBps));
  const suggested = formatBps(BigInt(suggestedBps));
  return (
    <div className="jm-settings">
      <button
        type="button"
        className="jm-link"
        aria-expanded={open}
        onClick={() => setOpen((o) => !o)}
      >
        {t`Slippage ${slippage}%`}
      </button>
      {open && (
        <div role="group" aria-label={t`Slippage tolerance`} className="jm-settings-panel">
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
                setCustom(e.target.value);
                const parsed = parseSlippagePercent(e.target.value);
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
