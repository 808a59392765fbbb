// jsdom has <dialog> but not its modal methods: the token picker and shared-chain's Modal open
// with showModal(). This shim opens and closes it and, as the browser does, turns Escape into a
// cancelable `cancel` on the topmost modal dialog (no top layer, no inert page: the e2e suite
// checks those in Chromium).
if (typeof HTMLDialogElement !== 'undefined' && !HTMLDialogElement.prototype.showModal) {
  const modals = [];
  HTMLDialogElement.prototype.showModal = function showModal() {
    this.setAttribute('open', '');
    modals.push(this);
  };
  HTMLDialogElement.prototype.close = function close() {
    if (!this.hasAttribute('open')) return;
    const at = modals.indexOf(this);
    if (at >= 0) modals.splice(at, 1);
    this.removeAttribute('open');
    this.dispatchEvent(new Event('close'));
  };
  document.addEventListener('keydown', (event) => {
    const top = modals[modals.length - 1];
    if (event.key !== 'Escape' || !top) return;
    if (!top.isConnected) return void modals.pop();
    if (top.dispatchEvent(new Event('cancel', { cancelable: true }))) top.close();
  });
}
