// ES module build: import { JMSwapWidget } from '.../jmswap-widget.mjs'.
import { mountWidget, type MountOptions } from './mount';
import { originOf } from './protocol';
import { version } from '../package.json';

export type { MountOptions, WidgetHandle, WidgetStyle } from './mount';
export type { SwapEvent, ConnectEvent, ErrorEvent } from './relay';

const moduleOrigin = originOf(import.meta.url);

export const JMSwapWidget = {
  version,
  mount: (element: HTMLElement, options: MountOptions) =>
    mountWidget(element, options, moduleOrigin),
};
export default JMSwapWidget;
