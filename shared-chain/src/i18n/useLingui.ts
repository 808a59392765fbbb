// What Lingui's `useLingui` macro compiles to (see mf-config/src/lingui.js): the page's i18n
// instance and its translate function, with a re-render whenever the language changes or a
// catalogue arrives. @lingui/react does the same through a provider, for 1.2 KiB more.
import { useSyncExternalStore } from 'react';
import { i18n } from './setup';

const subscribe = (listener: () => void) => i18n.on('change', listener);
const snapshot = () => i18n.version;

export function useLingui() {
  useSyncExternalStore(subscribe, snapshot, snapshot);
  return { i18n, _: i18n._, t: i18n._ };
}

/** The language in force, for components that format with Intl. */
export function useLanguageCode(): string {
  useSyncExternalStore(subscribe, snapshot, snapshot);
  return i18n.locale;
}
