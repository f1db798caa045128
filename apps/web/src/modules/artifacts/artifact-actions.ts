import { ARTIFACT_MESSAGES, type Artifact, type ArtifactSummary, shareLinks } from '@core-vault/contracts';
import { api } from '../../lib/api/client';
import { endpoints } from '../../lib/api/endpoints';
import { ApiError } from '../../lib/api/errors';
import { copyText } from '../../lib/clipboard';
import { RENDERER_ORIGIN } from '../../lib/renderer-origin';

export const CARD_MESSAGES = {
  copied: 'Copied to clipboard!',
  copyFailed: 'Could not copy to the clipboard. Please copy it manually.',
  confirmDelete: 'Are you sure you want to delete this artifact?',
  deleteError: (message: string) => `Error deleting artifact: ${message}`,
  visibilityError: (message: string) => `Error updating artifact visibility: ${message}`,
} as const;

const messageOf = (err: unknown) => (err instanceof Error ? err.message : 'Unknown error');

/**
 * Copy Link / Embed Code: the share call counts the share and gives the public addresses; when
 * it fails the addresses are built locally so copying still works.
 */
export async function copyShare(
  artifact: Pick<ArtifactSummary, 'id' | 'title' | 'frameHeight'>,
  channel: 'link' | 'embed',
) {
  let text: string;
  try {
    const shared = await api.call(endpoints.artifacts.share, {
      params: { id: artifact.id },
      body: { channel },
    });
    text = channel === 'link' ? shared.url : shared.embedCode;
  } catch {
    const origins = { app: window.location.origin, renderer: RENDERER_ORIGIN || window.location.origin };
    // The owner's pinned frame height rides along, as in the server's embed code.
    const links = shareLinks(origins, artifact.id, artifact.title, undefined, artifact.frameHeight ?? null);
    text = channel === 'link' ? links.url : links.embedCode;
  }
  const ok = await copyText(text);
  window.alert(ok ? CARD_MESSAGES.copied : `${CARD_MESSAGES.copyFailed}\n\n${text}`);
}

/** Make Public / Make Private; the list changes only after the server said yes. */
export async function toggleVisibility(
  artifact: ArtifactSummary,
  signedIn: boolean,
): Promise<Artifact | null> {
  if (!signedIn) {
    window.alert(ARTIFACT_MESSAGES.signInToUpdateVisibility);
    return null;
  }
  try {
    const res = await api.call(endpoints.artifacts.update, {
      params: { id: artifact.id },
      body: { isPublic: !artifact.isPublic },
    });
    return res.artifact;
  } catch (err) {
    window.alert(CARD_MESSAGES.visibilityError(messageOf(err)));
    return null;
  }
}

/** Delete after confirmation; true when the card may go. */
export async function deleteArtifact(artifact: ArtifactSummary, signedIn: boolean): Promise<boolean> {
  if (!signedIn) {
    window.alert(ARTIFACT_MESSAGES.signInToDelete);
    return false;
  }
  if (!window.confirm(CARD_MESSAGES.confirmDelete)) return false;
  try {
    await api.call(endpoints.artifacts.remove, { params: { id: artifact.id } });
    return true;
  } catch (err) {
    // Already gone (another tab): the card goes too.
    if (err instanceof ApiError && err.status === 404) return true;
    window.alert(CARD_MESSAGES.deleteError(messageOf(err)));
    return false;
  }
}
