// Loaded only when the page leaves English (catalogs.ts): Lingui's runtime and, for the
// language chosen, the compiled catalogue of every app on the page, then one switch.
import type { I18n } from '@lingui/core';
import { generateMessageId } from '@lingui/message-utils/generateMessageId';
import { catalogLoaders } from './loaders';
import { compileEnglish } from './compileEnglish';
import type { Language } from './languages';
import { announceChange, i18n, setTranslator } from './setup';

const translators = new Map<Language, Promise<I18n>>();
const ids = new Map<string, string>();

/** The id `lingui extract` gave a message (the built code carries only the English text). */
function idOf(message: string, context?: string): string {
  const key = context === undefined ? message : `${context}\u0004${message}`;
  let id = ids.get(key);
  if (id === undefined) ids.set(key, (id = generateMessageId(message, context)));
  return id;
}
const loaded = new Set<string>();
let latest = 0;

/** Lingui for one language; an English source text (an id it lacks) compiles as on the page. */
function translatorFor(language: Language): Promise<I18n> {
  let made = translators.get(language);
  if (!made) {
    made = import(/* webpackChunkName: "lingui" */ '@lingui/core').then(({ setupI18n }) => {
      const translator = setupI18n();
      translator.setMessagesCompiler(compileEnglish as never);
      translator.loadAndActivate({ locale: language, messages: {} });
      return translator;
    });
    made.catch(() => translators.delete(language));
    translators.set(language, made);
  }
  return made;
}

async function loadCatalog(app: string, language: Language, into: I18n): Promise<void> {
  const key = `${app}:${language}`;
  const load = catalogLoaders.get(app);
  if (!load || loaded.has(key)) return;
  const { messages } = await load(language);
  if (!messages || typeof messages !== 'object')
    throw new Error(`${app}: no ${language} catalogue`);
  into.load(language, messages as never);
  loaded.add(key);
}

export async function activate(language: Language): Promise<void> {
  const mine = ++latest;
  if (language === 'en') return setTranslator(undefined);
  const into = await translatorFor(language);
  await Promise.all([...catalogLoaders.keys()].map((app) => loadCatalog(app, language, into)));
  if (mine === latest) setTranslator(into, idOf);
}

/** An app that registered while the page shows another language. */
export async function loadLateCatalog(app: string): Promise<void> {
  const language = i18n.locale as Language;
  try {
    await loadCatalog(app, language, await translatorFor(language));
    announceChange();
  } catch (error) {
    console.error(`[jmswap] ${app}: the ${language} texts did not load`, error);
  }
}

/** Tests only: forget what was loaded and go back to English. */
export function resetCatalogsForTests(): void {
  catalogLoaders.clear();
  loaded.clear();
  translators.clear();
  latest += 1;
  setTranslator(undefined);
}
