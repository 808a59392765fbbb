// The languages of the interface. English is the spec's own text; the others are
// catalogues. The visitor's choice is remembered; a first visit follows the browser's language.
// A `?lang=` in a link sets the display for that page only: never stored, never a money setting.
export const LANGUAGES = [
  { code: 'en', name: 'English', htmlLang: 'en' },
  { code: 'zh-CN', name: '简体中文', htmlLang: 'zh-CN' },
] as const;

export type Language = (typeof LANGUAGES)[number]['code'];

export const SOURCE_LANGUAGE: Language = 'en';

/** localStorage key of the visitor's choice. */
export const LANGUAGE_KEY = 'JMSWAP_LANGUAGE';

export const isLanguage = (value: unknown): value is Language =>
  LANGUAGES.some((l) => l.code === value);

/** The stored choice; anything else in storage (edited, corrupt, unreadable) counts as none. */
export function storedLanguage(): Language | undefined {
  try {
    const value = globalThis.localStorage?.getItem(LANGUAGE_KEY);
    return isLanguage(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

/** `?lang=zh-CN` (case-insensitive); an unknown value is ignored. */
export function languageFromQuery(search: string): Language | undefined {
  const wanted = new URLSearchParams(search).get('lang')?.toLowerCase();
  return LANGUAGES.find((l) => l.code.toLowerCase() === wanted)?.code;
}

/** The browser's preferred languages: any Chinese one picks Simplified Chinese. */
export function browserLanguage(
  preferred: readonly string[] = globalThis.navigator?.languages ?? [],
): Language {
  for (const tag of preferred) {
    const lower = tag.toLowerCase();
    if (lower === 'en' || lower.startsWith('en-')) return 'en';
    if (lower === 'zh' || lower.startsWith('zh-')) return 'zh-CN';
  }
  return SOURCE_LANGUAGE;
}

/** What a page shows: the link's language, else the stored choice, else the browser's. */
export const pickLanguage = (search = globalThis.location?.search ?? ''): Language =>
  languageFromQuery(search) ?? storedLanguage() ?? browserLanguage();

/** Remembers the visitor's choice (a refused storage keeps it for this page only). */
export function rememberLanguage(language: Language): void {
  try {
    globalThis.localStorage?.setItem(LANGUAGE_KEY, language);
  } catch {
    // private mode or quota: the choice lasts for this page
  }
}
