// The shell's side of the languages: its own catalogue, the language a page starts
// in, the visitor's choice and a choice made in another tab. English needs nothing loaded; another
// language loads Lingui and the catalogues first (shared-chain's i18n), then the page switches.
import {
  activateLanguage,
  currentLanguage,
  LANGUAGE_KEY,
  LANGUAGES,
  languageFromQuery,
  FEE_TOAST_MS,
  pickLanguage,
  registerCatalogs,
  rememberLanguage,
  showToast,
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
 * Said when a page that starts in a language shows English because that language's texts did not
 * load: in the language itself and in English. Not Lingui messages: the catalogues are what
 * failed, so these texts travel with the page.
 */
const NOT_LOADED: Partial<Record<Language, string>> = {
  // eslint-disable-next-line lingui/no-unlocalized-strings -- shown when the catalogues are missing
  'zh-CN': '简体中文文字未能加载，页面暂以英文显示；网络恢复后会自动切换为中文。',
};
function notLoaded(language: Language): string {
  const name = LANGUAGES.find((l) => l.code === language)?.name ?? language;
  // eslint-disable-next-line lingui/no-unlocalized-strings -- shown when the catalogues are missing
  const english = `The ${name} texts did not load, so the page is in English. It switches once your connection is back.`;
  return NOT_LOADED[language] ? `${NOT_LOADED[language]} ${english}` : english;
}

/** Seconds between the tries of a language that did not load at the start (then: `online` only). */
const RETRY_SECONDS = [20, 60];

/**
 * The language a page starts in: `?lang=`, else the stored choice, else the browser's. English
 * resolves at once (nothing to load). A failed load leaves the page in English and says so; it
 * is tried again when the browser is back online and twice on a timer, unless the visitor has
 * chosen meanwhile. `<html lang>`, which the head script set to the language expected, says
 * English again (a screen reader would read the English texts with a Chinese voice).
 */
export function startLanguage(search = window.location.search): Promise<void> {
  const language = pickLanguage(search);
  if (language === currentLanguage()) return Promise.resolve();
  return showLanguage(language).catch((error: unknown) => {
    document.documentElement.setAttribute('lang', htmlLangOf(currentLanguage()));
    console.error(`[jmswap] the ${language} texts did not load`, error);
    showToast('error', notLoaded(language), FEE_TOAST_MS);
    tryAgainLater(language, search);
  });
}

function tryAgainLater(language: Language, search: string): void {
  let tries = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const stop = () => {
    clearTimeout(timer);
    window.removeEventListener('online', attempt);
  };
  function attempt() {
    clearTimeout(timer);
    // Another language chosen meanwhile (the menu, another tab), or this one shown: done.
    if (currentLanguage() !== 'en' || pickLanguage(search) !== language) return stop();
    showLanguage(language).then(stop, () => {
      const seconds = RETRY_SECONDS[tries++];
      if (seconds !== undefined) timer = setTimeout(attempt, seconds * 1000);
    });
  }
  window.addEventListener('online', attempt);
  timer = setTimeout(attempt, (RETRY_SECONDS[tries++] as number) * 1000);
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
