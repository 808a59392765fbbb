// Retry of a remote that did not load (loaded with the first failure, in the remote-failover
// chunk): remotes.json is read again, so an operator's fix applies without a page reload.
import { registerRemotes } from '@module-federation/enhanced/runtime';
import { pinnedFolders, toFederationRemotes, type RemoteKey } from './remotesFile';
import { remotesAtLoad, rereadRemotesFile } from './federation';
import { reloadPage } from './reloadPage';
import { loadAfresh } from './integrity';
import { chooseVersions } from './versions';

/**
 * Registers `remote` again from a fresh read of remotes.json. When the file now names a version
 * folder the page's Content-Security-Policy does not allow (a new version, or a remote that was
 * refused when the page loaded), the page loads again instead: the browser fixed the policy when
 * the page loaded, from the remotes.json of that moment (mf-config's csp.js, the same folders).
 */
export async function refreshEntry(remote: RemoteKey): Promise<void> {
  const entry = await rereadRemotesFile(remote);
  if (!entry) return;
  const atLoad = remotesAtLoad();
  if (atLoad) {
    const allowed = new Set(Object.values(atLoad).flatMap((e) => pinnedFolders(e)));
    const unknown = pinnedFolders(entry).filter((folder) => !allowed.has(folder));
    if (unknown.length) {
      console.info(
        `[jmswap] ${remote}: remotes.json now names ${unknown.join(', ')}, which this page's policy predates; reloading the page`,
      );
      reloadPage();
      await new Promise<never>(() => undefined); // the area keeps its loading state until then
    }
  }
  const versions = chooseVersions({ [remote]: entry });
  loadAfresh(remote);
  // force drops the runtime's cached (failed) entry so a remote that came back loads.
  registerRemotes(toFederationRemotes({ [remote]: entry }, undefined, versions), { force: true });
}
