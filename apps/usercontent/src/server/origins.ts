import { createHmac, randomBytes } from 'node:crypto';
import {
  ARTIFACT_LABEL_LENGTH,
  PREVIEW_LABEL_PREFIX,
  PREVIEW_LABEL_LENGTH,
  base32,
  labelKind,
  labelOfHost,
  labelOrigin,
} from '@core-vault/contracts';

/** Labels kept per process: an HMAC is cheap, but the embed fast path asks for one per request. */
const MAX_CACHED_LABELS = 10_000;

const BASE = { kind: 'base' } as const;

export type HostKind =
  { kind: 'base' } | { kind: 'artifact'; label: string } | { kind: 'preview'; label: string };

/**
 * The renderer's side of "one origin per artifact" (libs/contracts/src/rendering/artifact-origins.ts):
 * it alone holds the key that turns an artifact id into its label, so a label reveals nothing
 * about the artifact, and it checks on every artifact document that the host it was asked on is
 * that artifact's — a document of artifact B is never served on artifact A's origin.
 */
export class ArtifactOrigins {
  private readonly labels = new Map<string, string>();
  /** Host headers already classified: the embed fast path asks once per request. */
  private readonly hosts = new Map<string, HostKind>();
  private readonly host: string;

  constructor(
    private readonly rendererOrigin: string,
    private readonly secret: string,
  ) {
    this.host = new URL(rendererOrigin).host;
  }

  labelFor(id: string): string {
    let label = this.labels.get(id);
    if (label === undefined) {
      const digest = createHmac('sha256', this.secret).update(`artifact-origin\n${id}`).digest();
      label = base32(digest, ARTIFACT_LABEL_LENGTH);
      if (this.labels.size >= MAX_CACHED_LABELS) this.labels.clear();
      this.labels.set(id, label);
    }
    return label;
  }

  originFor(id: string): string {
    return labelOrigin(this.rendererOrigin, this.labelFor(id));
  }

  /** A throwaway origin for one unsaved preview: nothing is kept there, nothing else runs there. */
  newPreviewOrigin(): string {
    const label =
      PREVIEW_LABEL_PREFIX + base32(randomBytes(13), PREVIEW_LABEL_LENGTH - PREVIEW_LABEL_PREFIX.length);
    return labelOrigin(this.rendererOrigin, label);
  }

  /** What a request's Host header names: an artifact's origin, a preview's, or the renderer's own. */
  classify(hostHeader: string | undefined): HostKind {
    if (!hostHeader) return BASE;
    let kind = this.hosts.get(hostHeader);
    if (kind === undefined) {
      const label = labelOfHost(this.host, hostHeader);
      kind = !label
        ? BASE
        : labelKind(label) === 'preview'
          ? { kind: 'preview', label }
          : { kind: 'artifact', label };
      if (this.hosts.size >= MAX_CACHED_LABELS) this.hosts.clear();
      this.hosts.set(hostHeader, kind);
    }
    return kind;
  }

  /** True when `label` is the label of artifact `id`. */
  matches(label: string, id: string): boolean {
    return this.labelFor(id) === label;
  }
}
