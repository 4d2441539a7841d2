/**
 * jsdom has <dialog> without showModal and close: these open and close it as the browser does (the
 * `open` attribute, a close event), so a page's modal can be driven in a component test.
 */
export function installDialogMethods(): void {
  const proto = HTMLDialogElement.prototype as { showModal?: unknown; close?: unknown };
  if (typeof proto.showModal !== 'function')
    proto.showModal = function showModal(this: HTMLDialogElement) {
      this.open = true;
    };
  if (typeof proto.close !== 'function')
    proto.close = function close(this: HTMLDialogElement) {
      if (!this.open) return;
      this.open = false;
      this.dispatchEvent(new Event('close'));
    };
}
