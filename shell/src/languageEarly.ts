/**
 * The language the page starts in, told to the first frame by the html's head script: the built
 * page carries its frame in each language (scripts/prerender.mjs) and styles.css shows this one,
 * so a visitor reading Chinese does not see the English frame until the texts load. Kept free of
 * shared modules, as it is inline in every html page; it mirrors shared-chain's pickLanguage
 * (`?lang=`, else the stored choice, else the browser's). A wrong guess lasts until the app's
 * first render.
 */
import { indexTabAt } from './firstChoices';

/** shared-chain's LANGUAGES: code and <html lang>. */
const LANGUAGES = [
  ['en', 'en'],
  ['zh-CN', 'zh-CN'],
] as const;
/** shared-chain's LANGUAGE_KEY. */
const LANGUAGE_KEY = 'JMSWAP_LANGUAGE';

export const FIRST_LANGUAGE_ATTRIBUTE = 'data-first-language';

/** pickLanguage, from the address, the stored value and the browser's preferred languages. */
export function languageAt(
  search: string,
  stored: string | null,
  preferred: readonly string[],
): string {
  const wanted = new URLSearchParams(search).get('lang')?.toLowerCase();
  const linked = LANGUAGES.find(([code]) => code.toLowerCase() === wanted);
  if (linked) return linked[0];
  if (LANGUAGES.some(([code]) => code === stored)) return stored as string;
  for (const tag of preferred) {
    const lower = tag.toLowerCase();
    if (lower === 'en' || lower.startsWith('en-')) return 'en';
    if (lower === 'zh' || lower.startsWith('zh-')) return 'zh-CN';
  }
  return 'en';
}

/** Marks <html> with the page's language (and names it in `lang`, for the fonts it picks). */
export function markFirstLanguage(): void {
  let stored: string | null = null;
  try {
    stored = localStorage.getItem(LANGUAGE_KEY);
  } catch {
    // storage refused: the browser's language
  }
  const language = languageAt(location.search, stored, navigator.languages ?? []);
  const root = document.documentElement;
  root.setAttribute(FIRST_LANGUAGE_ATTRIBUTE, language);
  root.setAttribute('lang', LANGUAGES.find(([code]) => code === language)?.[1] ?? 'en');
  // The page's title in that language (and tab), which the build wrote beside this script.
  const liquidity = indexTabAt(location.search) === 'addLiquidity';
  for (const name of [...(liquidity ? [`${language}-addLiquidity`] : []), language]) {
    const title = document.querySelector(`meta[name="jm-title-${name}"]`)?.getAttribute('content');
    if (title) {
      document.title = title;
      break;
    }
  }
}
