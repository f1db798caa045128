import { useMemo } from 'react';
import { useSession } from '../modules/auth';
import { countView } from '../modules/consent';
import { ViewPage, type ViewerSession, ViewerSessionContext } from '../modules/viewer';

/**
 * The renderer's view page, with the signed-in user (owner layout, private reads) and view
 * counting plugged in (consented tracking, or the cookie-less beacon without consent). The app layer joins the two modules; neither imports the other.
 */
export function ViewRoute() {
  const { status, user, accessToken } = useSession();
  const viewer = useMemo<ViewerSession>(
    () => ({
      loading: status === 'loading',
      user: user ? { id: user.id, email: user.email } : null,
      accessToken,
    }),
    [status, user, accessToken],
  );
  return (
    <ViewerSessionContext.Provider value={viewer}>
      <ViewPage onArtifactLoaded={countView} />
    </ViewerSessionContext.Provider>
  );
}
