// Classic-script build: <script src=".../jmswap-widget.js"></script> defines window.JMSwapWidget.
import { mountWidget, type MountOptions } from './mount';
import { originOf } from './protocol';
import { version } from '../package.json';

const scriptOrigin = originOf((document.currentScript as HTMLScriptElement | null)?.src);

(window as unknown as { JMSwapWidget: unknown }).JMSwapWidget = {
  version,
  mount: (element: HTMLElement, options: MountOptions) =>
    mountWidget(element, options, scriptOrigin),
};
