import { useEffect, useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import {
  appEvents$,
  disconnectWallet,
  ERROR_TOAST_MS,
  Modal,
  type AppEvent,
} from '@jmswap/shared-chain';
import { useTheme } from './ThemeToggle';

type Sonner = typeof import('sonner');

/** A stuck loading state must never hide the page for good. */
const LOADING_SAFETY_MS = 15000;

/** Global loading overlay ("Loading..." or custom text). */
export function LoadingOverlay() {
  const { t } = useLingui();
  const [loading, setLoadingState] = useState<{ on: boolean; text?: string }>({ on: false });
  useEffect(() => {
    const sub = appEvents$.subscribe(
      (e) => e.type === 'loading' && setLoadingState({ on: e.on, text: e.text }),
    );
    return () => sub.unsubscribe();
  }, []);
  useEffect(() => {
    if (!loading.on) return;
    const timer = setTimeout(() => setLoadingState({ on: false }), LOADING_SAFETY_MS);
    return () => clearTimeout(timer);
  }, [loading]);
  if (!loading.on) return null;
  return (
    <div className="jm-loading" role="status" aria-live="polite">
      <div className="jm-spinner" />
      <p>{loading.text ?? t`Loading...`}</p>
    </div>
  );
}

type PopupState = { title: string; body: string; icon?: string } | null;

/** Popup with icon, title, body and CLOSE. */
export function Popup() {
  const { t } = useLingui();
  const [popup, setPopup] = useState<PopupState>(null);
  useEffect(() => {
    const sub = appEvents$.subscribe(
      (e) => e.type === 'popup' && setPopup({ title: e.title, body: e.body, icon: e.icon }),
    );
    return () => sub.unsubscribe();
  }, []);
  if (!popup) return null;
  const close = () => setPopup(null);
  return (
    <Modal label={popup.title} onClose={close}>
      {popup.icon && <div className={`jm-popup-icon jm-popup-${popup.icon}`} aria-hidden="true" />}
      <h3>{popup.title}</h3>
      <p>{popup.body}</p>
      <button type="button" className="jm-button" onClick={close} data-autofocus>
        {t`CLOSE`}
      </button>
    </Modal>
  );
}

type ToastEvent = Extract<AppEvent, { type: 'toast' }>;

function showToast({ toast }: Sonner, e: ToastEvent) {
  const show = e.kind === 'error' ? toast.error : e.kind === 'success' ? toast.success : toast;
  // A link belongs to the message itself (the TRON fee message's "buy energy"), not to a button.
  const message = e.link ? (
    <span>
      {e.text}{' '}
      <a href={e.link.href} target="_blank" rel="noopener noreferrer">
        {e.link.label}
      </a>
    </span>
  ) : (
    e.text
  );
  show(message, { duration: e.durationMs });
}

/**
 * Toasts raised before the page's first render (a language whose texts did not load at the
 * start), kept for Toasts to show once it is there: the bus keeps nothing for a late listener.
 */
const early: ToastEvent[] = [];
let toastsShown = false;
appEvents$.subscribe((e) => {
  if (!toastsShown && e.type === 'toast' && early.length < 5) early.push(e);
});

/** A toast shown by the page itself: the toast library's chunk did not load (offline). */
type PlainToast = { id: number; error: boolean; text: string };

let plainIds = 0;

/**
 * Toasts top right: errors 5 s (fee messages 10 s), wallet toasts 2 s, all dismissible.
 * The toast library loads with the first toast: most visits never show one. When it cannot load
 * (the first toast of a visit came while offline, and is most often about that), the toasts are
 * shown plainly, from the page's own stylesheet; the next toast tries the library again.
 */
export function Toasts() {
  const { t } = useLingui();
  const theme = useTheme();
  const [sonner, setSonner] = useState<Sonner>();
  const [queued, setQueued] = useState<(ToastEvent | 'loggedOut')[]>([]);
  const [plain, setPlain] = useState<PlainToast[]>([]);
  useEffect(() => {
    const sub = appEvents$.subscribe((e) => {
      if (e.type === 'loggedOut')
        // Through the wallet service, so its wallet, timers and listeners go with the session.
        void disconnectWallet();
      if (e.type === 'toast' || e.type === 'loggedOut')
        setQueued((q) => [...q, e.type === 'toast' ? e : 'loggedOut']);
    });
    toastsShown = true;
    if (early.length > 0) setQueued((q) => [...early.splice(0), ...q]);
    return () => sub.unsubscribe();
  }, []);
  const dismiss = (id: number) => setPlain((p) => p.filter((x) => x.id !== id));
  useEffect(() => {
    if (queued.length === 0 || sonner) return;
    let live = true;
    // sonner's own styles as a stylesheet of the toasts chunk: the build keeps sonner from
    // injecting them as a <style> element, which the page's policy refuses (mf-config).
    Promise.all([
      import(/* webpackChunkName: "toasts" */ 'sonner'),
      import(/* webpackChunkName: "toasts" */ 'sonner/dist/styles.css'),
    ]).then(
      ([module]) => live && setSonner(module),
      (error: unknown) => {
        console.error('[jmswap] the toasts could not be loaded', error);
        if (!live) return;
        for (const e of queued) {
          const id = ++plainIds;
          const toast = e === 'loggedOut' ? undefined : e;
          const text = toast?.text ?? t`You have been logged out`;
          setPlain((p) => [...p, { id, error: toast?.kind === 'error', text }]);
          setTimeout(() => dismiss(id), toast?.durationMs ?? ERROR_TOAST_MS);
        }
        setQueued((q) => q.filter((e) => !queued.includes(e)));
      },
    );
    return () => {
      live = false;
    };
  }, [queued, sonner, t]);
  useEffect(() => {
    // Shown once the Toaster below is mounted: toasts raised before it would be lost.
    if (!sonner || queued.length === 0) return;
    for (const e of queued)
      if (e === 'loggedOut')
        sonner.toast(t`You have been logged out`, { duration: ERROR_TOAST_MS });
      else showToast(sonner, e);
    setQueued([]);
  }, [sonner, queued, t]);
  return (
    <>
      {plain.length > 0 && (
        // Not a list: each toast is an alert or a status, which a list item may not be.
        <div className="jm-plain-toasts">
          {plain.map(({ id, error, text }) => (
            <div
              key={id}
              className={error ? 'jm-plain-error' : ''}
              role={error ? 'alert' : 'status'}
            >
              {text}
              <button type="button" aria-label={t`Close`} onClick={() => dismiss(id)}>
                ×
              </button>
            </div>
          ))}
        </div>
      )}
      {sonner && <sonner.Toaster position="top-right" closeButton richColors theme={theme} />}
    </>
  );
}
