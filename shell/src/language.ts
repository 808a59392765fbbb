// The shell's side of the languages: its own catalogue, the language a page starts
// in, the visitor's choice and a choice made in another tab. English needs nothing loaded; another
// language loads Lingui and the catalogues first (shared-chain's i18n), then the page switches.
import {
  activateLanguage,
  currentLanguage,
  LANGUAGE_KEY,
  LANGUAGES,
  languageFromQuery,
  pickLanguage,
  registerCatalogs,
  rememberLanguage,
  storedLanguage,
  browserLanguage,
  type Language,
} from '@jmswap/shared-chain';

// The shell's own texts.
void registerCatalogs('shell', {
  'zh-CN': () => import(/* webpackChunkName: "messages-shell-zh-CN" */ './locales/zh-CN'),
});

const htmlLangOf = (language: Language) =>
  LANGUAGES.find((l) => l.code === language)?.htmlLang ?? 'en';

/** Shows the page in `language` and names it on <html lang>; rejects (page unchanged) on a failed load. */
export async function showLanguage(language: Language): Promise<void> {
  await activateLanguage(language);
  document.documentElement.setAttribute('lang', htmlLangOf(language));
}

/** The visitor's choice from the language menu: shown, then remembered. */
export async function chooseLanguage(language: Language): Promise<void> {
  await showLanguage(language);
  rememberLanguage(language);
}

/**
 * The language a page starts in: `?lang=`, else the stored choice, else the browser's. English
 * resolves at once (nothing to load); a failed load leaves the page in English, and `<html lang>`,
 * which the head script set to the language expected, says English again (a screen reader would
 * read the English texts with a Chinese voice).
 */
export function startLanguage(search = window.location.search): Promise<void> {
  const language = pickLanguage(search);
  if (language === currentLanguage()) return Promise.resolve();
  return showLanguage(language).catch((error: unknown) => {
    document.documentElement.setAttribute('lang', htmlLangOf(currentLanguage()));
    console.error(`[jmswap] the ${language} texts did not load`, error);
  });
}

/**
 * Follows a choice made in another tab (storage event), as the theme does. A page opened with
 * `?lang=` keeps the language of its link.
 */
export function keepLanguageCurrent(search = window.location.search): () => void {
  const onStorage = (e: StorageEvent) => {
    if (e.key !== LANGUAGE_KEY && e.key !== null) return;
    if (languageFromQuery(search)) return;
    const language = storedLanguage() ?? browserLanguage();
    if (language !== currentLanguage())
      showLanguage(language).catch((error: unknown) =>
        console.error(`[jmswap] the ${language} texts did not load`, error),
      );
  };
  window.addEventListener('storage', onStorage);
  return () => window.removeEventListener('storage', onStorage);
}
