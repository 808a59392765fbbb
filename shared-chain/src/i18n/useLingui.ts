// What Lingui's `useLingui` macro compiles to (see mf-config/src/lingui.js): the page's i18n
// instance and its translate function, with a re-render whenever the language changes or a
// catalogue arrives. @lingui/react does the same through a provider, for 1.2 KiB more.
import { useSyncExternalStore } from 'react';
import { i18n } from './setup';

let version = 0;
const listeners = new Set<() => void>();
i18n.on('change', () => {
  version += 1;
  for (const listener of listeners) listener();
});

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

const snapshot = () => version;

export function useLingui() {
  useSyncExternalStore(subscribe, snapshot, snapshot);
  return { i18n, _: i18n._, t: i18n._ };
}

/** The language in force, for components that format with Intl. */
export function useLanguageCode(): string {
  useSyncExternalStore(subscribe, snapshot, snapshot);
  return i18n.locale;
}
