import { type ComponentProps, useMemo } from 'react';
import { useSession } from '../../auth';
import { ArtifactPreview, type ViewerSession, ViewerSessionContext } from '../../viewer';

/**
 * The renderer's preview frame with the signed-in user's token (the preview call needs it).
 * Loaded lazily by the form: the renderer's code is fetched only when there is something to show.
 */
export function UploadPreview(props: ComponentProps<typeof ArtifactPreview>) {
  const { status, user, accessToken } = useSession();
  const session = useMemo<ViewerSession>(
    () => ({ loading: status === 'loading', user: user ? { id: user.id } : null, accessToken }),
    [status, user, accessToken],
  );
  return (
    <ViewerSessionContext.Provider value={session}>
      <ArtifactPreview {...props} />
    </ViewerSessionContext.Provider>
  );
}
