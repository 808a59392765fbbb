import { RemoteArea } from '../remotes/RemoteArea';
import type { RemoteKey } from '../remotes/remotesFile';
import type { RouteName } from '../routes';
import { RouteScreen } from './RouteScreen';

/** A route whose whole content is one remote screen (charts, pools, listing). */
export function RemotePage({
  route,
  remote,
  expose,
}: {
  route: RouteName;
  remote: RemoteKey;
  expose: string;
}) {
  return (
    <RouteScreen route={route}>
      {(ctx) => <RemoteArea remote={remote} expose={expose} props={ctx} />}
    </RouteScreen>
  );
}
