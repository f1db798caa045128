import { type ArtifactSummary, shareLinks } from '@core-vault/contracts';
import { api } from '../../../../lib/api/client';
import { endpoints } from '../../../../lib/api/endpoints';
import { copyText } from '../../../../lib/clipboard';
import { RENDERER_ORIGIN } from '../../../../lib/renderer-origin';

export type ShareChannel = 'link' | 'embed';

/**
 * The link (`/view/{id}?v=N`) or embed code pinned to one version: it keeps showing that version
 * after later edits (the default share follows the latest). The share call counts the share and
 * gives the addresses; when it fails they are built locally, as the card's Copy Link does.
 */
export async function pinnedShareText(
  artifact: Pick<ArtifactSummary, 'id' | 'title' | 'frameHeight'>,
  channel: ShareChannel,
  version: number,
): Promise<string> {
  try {
    const shared = await api.call(endpoints.artifacts.share, {
      params: { id: artifact.id },
      body: { channel, version },
    });
    return channel === 'link' ? shared.url : shared.embedCode;
  } catch {
    const origins = { app: window.location.origin, renderer: RENDERER_ORIGIN || window.location.origin };
    const links = shareLinks(origins, artifact.id, artifact.title, version, artifact.frameHeight ?? null);
    return channel === 'link' ? links.url : links.embedCode;
  }
}

/** Copies the pinned text; the text comes back either way, so a failed copy can show it. */
export async function copyPinned(
  artifact: Pick<ArtifactSummary, 'id' | 'title' | 'frameHeight'>,
  channel: ShareChannel,
  version: number,
): Promise<{ copied: boolean; text: string }> {
  const text = await pinnedShareText(artifact, channel, version);
  return { copied: await copyText(text), text };
}
