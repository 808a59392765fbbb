import { registerRemotesAtBoot, warmScreen } from './federation';
import { routeScreen } from './routeScreen';

/** Starts remotes.json and the route's remote screen loading beside the shell's own chunks. */
export function warmRoute(location: { pathname: string; search: string }): void {
  const screen = routeScreen(location);
  const warming = screen ? warmScreen(...screen) : registerRemotesAtBoot();
  // Only a head start: the real load reports any failure (with Retry) where the screen goes.
  warming.catch(() => undefined);
}
