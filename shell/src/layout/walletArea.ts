/**
 * Where the keyboard's focus goes when a wallet dialog closes and the control that opened it is
 * gone: the wallet once connected ("Welcome …"), else CONNECT WALLET. Not the page itself, where
 * a keyboard or screen reader user would start again from the top.
 */
export const walletArea = (): HTMLElement | null =>
  document.querySelector<HTMLElement>('[data-testid="wallet-session"], header .jm-connect');
