// English on the page without Lingui's runtime: the English text is in the code (the macros
// keep it beside the id), compiled by compileEnglish and formatted here as Lingui's interpolate
// formats it ({name}, plural/selectordinal with # and =N, select). Lingui itself loads only
// when the page shows another language. english.test.ts formats every English message of
// every catalogue both ways and expects the same text.
import { compileEnglish, type CompiledMessage } from './compileEnglish';

export type Values = Record<string, unknown>;

const compiled = new Map<string, ReturnType<typeof compileEnglish>>();
let cardinal: Intl.PluralRules | undefined;
let ordinal: Intl.PluralRules | undefined;
let numbers: Intl.NumberFormat | undefined;

function pluralCase(value: number, kind: string, cases: Record<string, CompiledMessage>) {
  const rules =
    kind === 'selectordinal'
      ? (ordinal ??= new Intl.PluralRules('en', { type: 'ordinal' }))
      : (cardinal ??= new Intl.PluralRules('en'));
  return cases[value] ?? cases[rules.select(value)] ?? cases.other ?? [];
}

function render(tokens: CompiledMessage | string, values: Values, count?: string): string {
  if (typeof tokens === 'string') return tokens;
  let out = '';
  for (const token of tokens) {
    if (token === '#' && count !== undefined) out += count;
    else if (typeof token === 'string') out += token;
    else {
      const [name, kind, cases] = token;
      const value = values[name];
      if (!kind || !cases) out += value == null ? '' : String(value);
      else if (kind === 'select') out += render(cases[String(value)] ?? cases.other ?? [], values);
      else {
        const n = Number(value);
        out += render(
          pluralCase(n, kind, cases),
          values,
          (numbers ??= new Intl.NumberFormat('en')).format(n),
        );
      }
    }
  }
  return out;
}

/** An English source message with its values, as the page shows it. */
export function formatEnglish(message: string, values: Values = {}): string {
  let tokens = compiled.get(message);
  if (tokens === undefined) {
    tokens = compileEnglish(message);
    compiled.set(message, tokens);
  }
  return render(tokens, values);
}
