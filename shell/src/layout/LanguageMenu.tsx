import { useLingui } from '@lingui/react/macro';
import {
  isLanguage,
  LANGUAGES,
  showToast,
  useLanguageCode,
  type Language,
} from '@jmswap/shared-chain';
import { chooseLanguage } from '../language';

/**
 * The language menu: each language by its own name (English, 简体中文), a small select beside the
 * wallet on wide screens and a line in the folded phone menu. A language whose texts do not load
 * leaves the page as it was and says so in the language shown.
 */
export function LanguageMenu() {
  const { t } = useLingui();
  const current = useLanguageCode();
  const choose = (value: string) => {
    if (!isLanguage(value) || value === current) return;
    const name = LANGUAGES.find((l) => l.code === value)?.name ?? value;
    chooseLanguage(value as Language).catch(() =>
      showToast(
        'error',
        t`The texts for ${name} did not load. Check your connection and try again.`,
      ),
    );
  };
  const label = t`Language`;
  const options = LANGUAGES.map((l) => (
    <option key={l.code} value={l.code} lang={l.htmlLang}>
      {l.name}
    </option>
  ));
  return (
    <>
      <select
        className="jm-language-toggle"
        aria-label={label}
        title={label}
        value={current}
        onChange={(e) => choose(e.target.value)}
      >
        {options}
      </select>
      <label className="jm-language-menu">
        <span>{label}</span>
        <select value={current} onChange={(e) => choose(e.target.value)}>
          {options}
        </select>
      </label>
    </>
  );
}
