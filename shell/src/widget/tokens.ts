import type { WidgetOptions } from './options';

type Warn = (message: string) => void;

/**
 * The swap box's token options on one network: `tokens` kept to the network's symbols (unknown
 * ones dropped with a warning), and from/to chosen inside that list.
 */
export function widgetTokens(
  options: Pick<WidgetOptions, 'tokens' | 'fromToken' | 'toToken'>,
  networkSymbols: readonly string[],
  defaults: readonly string[],
  warn: Warn = (m) => console.warn(`[widget] ${m}`),
): { tokens?: string[]; fromToken?: string; toToken?: string } {
  let tokens: string[] | undefined;
  if (options.tokens) {
    tokens = options.tokens.filter((s) => networkSymbols.includes(s));
    const unknown = options.tokens.filter((s) => !networkSymbols.includes(s));
    if (unknown.length) warn(`tokens not on this network ignored: ${unknown.join(', ')}`);
    if (tokens.length < 2) {
      warn('option tokens ignored: fewer than two of them are on this network');
      tokens = undefined;
    }
  }
  const offered = tokens ?? networkSymbols;
  const pick = (wanted: string | undefined, avoid?: string) =>
    [wanted, ...defaults, ...offered].find((s) => !!s && offered.includes(s) && s !== avoid);
  const fromToken = pick(options.fromToken);
  const toToken = pick(options.toToken, fromToken);
  return { tokens, fromToken, toToken };
}
