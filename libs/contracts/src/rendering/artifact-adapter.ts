import { type RenderableArtifact } from './protocol';
import { artifactTypeSchema } from '../events/payloads';
import { readFrameHeight } from '../artifacts/frame-height';

/**
 * The one place that knows how the artifacts service names the sanitized form of an artifact
 * (`rendered`, `renderError`, `securityWarning`; see libs/contracts/src/artifacts/artifact-dto.ts).
 * Everything that renders reads artifacts through this adapter.
 */
const FIELDS = {
  rendered: 'rendered',
  renderError: 'renderError',
  securityWarning: 'securityWarning',
} as const;

const str = (v: unknown): string | null => (typeof v === 'string' ? v : null);

/** Maps an artifact as the gateway returns it (public read) to what the renderer needs. */
export function toRenderableArtifact(raw: Record<string, unknown>): RenderableArtifact {
  const type = artifactTypeSchema.safeParse(raw['type']);
  const id = str(raw['id']);
  const frameHeight = readFrameHeight(raw['frameHeight']);
  return {
    ...(id !== null ? { id } : {}),
    title: str(raw['title'])?.trim() || 'Untitled',
    // The view page reads a missing type as HTML, an unknown one as UNKNOWN (spec §3).
    type: raw['type'] === undefined || raw['type'] === null ? 'HTML' : type.success ? type.data : 'UNKNOWN',
    content: str(raw['content']) ?? '',
    rendered: str(raw[FIELDS.rendered]),
    renderError: str(raw[FIELDS.renderError]),
    securityWarning: str(raw[FIELDS.securityWarning]),
    ...(raw['allowNetwork'] === true ? { allowNetwork: true } : {}),
    // Automatic is the absence of a setting: the frame's request stays as it was without one.
    ...(frameHeight !== null ? { frameHeight } : {}),
  };
}

/** Built-in trusted content (the demo catalogue) or an upload preview: no sanitized form yet. */
export function renderableFromSource(
  type: RenderableArtifact['type'],
  content: string,
  title = 'Preview',
): RenderableArtifact {
  return { title, type, content, rendered: null, renderError: null, securityWarning: null };
}
