// The page's one i18n instance, with the API the Lingui macros compile to (`i18n._(descriptor)`,
// see mf-config/src/lingui.js). English, the spec's own text, is formatted from the message in
// the code (english.ts) and needs neither Lingui's runtime nor a catalogue, so a first visit in
// English carries neither; another language loads Lingui's runtime and the apps' compiled
// catalogues (catalogs.ts) and this instance hands every message to it.
import type { I18n } from '@lingui/core';
import { formatEnglish, type Values } from './english';
import { SOURCE_LANGUAGE } from './languages';

type Descriptor = { id?: string; message?: string; context?: string; values?: Values };

/** A message's catalogue id from its English text, as `lingui extract` makes it. */
export type MessageIdOf = (message: string, context?: string) => string;

interface LanguageState {
  translator: I18n | undefined;
  /** Set with the translator: the built code carries no ids (mf-config/src/message-ids-loader.js). */
  idOf: MessageIdOf | undefined;
  listeners: Set<() => void>;
  /** Counts the changes: what a component reads to know its texts are stale (useLingui). */
  version: number;
}

/**
 * A remote that bundles shared-chain's feature code (`/swap`, `/liquidity`) carries its own copy
 * of this module; every copy keeps its state in the first one's, found under a global symbol, so
 * the texts that code makes are in the page's language.
 */
const STATE = Symbol.for('@jmswap/shared-chain/i18n');
const state = ((globalThis as { [STATE]?: LanguageState })[STATE] ??= {
  translator: undefined,
  idOf: undefined,
  listeners: new Set(),
  version: 0,
});

function translate(
  id: string | Descriptor,
  values?: Values,
  options?: { message?: string },
): string {
  if (state.translator) {
    const known =
      typeof id === 'object' && id.id === undefined && id.message !== undefined && state.idOf
        ? { ...id, id: state.idOf(id.message, id.context) }
        : id;
    return state.translator._(known as never, values, options as never);
  }
  const d: Descriptor = typeof id === 'string' ? { id, message: options?.message } : id;
  return formatEnglish(d.message ?? d.id ?? '', d.values ?? values);
}

export const i18n = {
  get locale(): string {
    return state.translator?.locale ?? SOURCE_LANGUAGE;
  },
  _: translate,
  t: translate,
  /** 'change': the language or a catalogue changed; the page re-renders its texts. */
  on(_event: 'change', listener: () => void): () => void {
    state.listeners.add(listener);
    return () => {
      state.listeners.delete(listener);
    };
  },
  /** How many changes so far (a snapshot for useSyncExternalStore). */
  get version(): number {
    return state.version;
  },
};

/** Tells the page's texts to render again (a catalogue arrived). */
export function announceChange(): void {
  state.version += 1;
  for (const listener of state.listeners) listener();
}

/** catalogs.ts: another language is in force through Lingui, or English again (undefined). */
export function setTranslator(next: I18n | undefined, idOf?: MessageIdOf): void {
  state.translator = next;
  state.idOf = idOf;
  announceChange();
}
