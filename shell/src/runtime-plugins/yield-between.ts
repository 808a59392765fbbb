import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { yieldToBrowser } from '../yieldToBrowser';

/**
 * A remote's entry script runs in the task its script element loads in, and the federation
 * runtime then initialises the container (the remote's shared modules registered, its
 * `init`) and asks it for the screen, all as microtasks of that same task: on `/` under
 * Lighthouse, the swap remote's entry with them was one task of 74 ms observed (294 ms at its
 * 4x CPU). This plugin ends the task before the container's initialisation and again after it,
 * so the browser can paint and take input in between. Each yield costs one task, a few ms.
 */
export default function yieldBetweenPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'jmswap-yield-between',
    async beforeInitContainer(args) {
      await yieldToBrowser();
      return args;
    },
    async initContainer(args) {
      await yieldToBrowser();
      return args;
    },
  };
}
