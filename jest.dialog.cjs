// jsdom has <dialog> but not its modal methods: the token picker opens with showModal(). This
// shim opens and closes it (no top layer, no inert page: the e2e suite checks those in Chromium).
if (typeof HTMLDialogElement !== 'undefined' && !HTMLDialogElement.prototype.showModal) {
  HTMLDialogElement.prototype.showModal = function showModal() {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close = function close() {
    this.removeAttribute('open');
    this.dispatchEvent(new Event('close'));
  };
}
