import { useLingui } from '@lingui/react/macro';
import { AmountField, TokenLogo, type TokenConfig } from '@jmswap/shared-chain';

interface Props {
  label: string;
  value: string;
  onChange: (text: string) => void;
  /** Token choices of this side (the second list lacks the first token). */
  tokens: string[];
  tokenConfigs: Record<string, TokenConfig>;
  selected?: string;
  onSelect: (symbol: string) => void;
  balance?: string;
  onMax?: () => void;
}

/** One side of the add: amount, token choice and, with a wallet, balance and MAX. */
export function AmountInput({ tokens, tokenConfigs, selected, onSelect, ...field }: Props) {
  const { t } = useLingui();
  const token = selected ? tokenConfigs[selected] : undefined;
  const label = field.label;
  const taxOf = (symbol: string) => {
    const tax = tokenConfigs[symbol]?.tax ?? 0;
    return tax > 0 ? t`(tax ${tax}%)` : '';
  };
  return (
    <AmountField {...field}>
      <span className="jm-token-select">
        {token && <TokenLogo token={token} />}
        <select
          aria-label={t`${label} token`}
          value={selected ?? ''}
          onChange={(e) => onSelect(e.target.value)}
        >
          {tokens.map((s) => (
            <option key={s} value={s}>
              {s}
              {taxOf(s) && ` ${taxOf(s)}`}
            </option>
          ))}
        </select>
      </span>
    </AmountField>
  );
}
