import { type z } from 'zod';
import { createArtifactBodySchema } from '@core-vault/contracts';

/** What the extension sends to the vault: a create body (POST /api/v1/artifacts) as written. */
export type ArtifactInput = z.input<typeof createArtifactBodySchema>;

/** One captured artifact on its way to the vault; `key` identifies it in the popup's list. */
export interface SaveItem {
  key: string;
  artifact: ArtifactInput;
}

/** The per-item outcome the popup and the context menu report. */
export type SaveResult =
  | { key: string; status: 'saved'; id: string; url: string; title: string }
  | { key: string; status: 'queued'; reason: string }
  | { key: string; status: 'failed'; reason: string };

export function isArtifactInput(value: unknown): value is ArtifactInput {
  return createArtifactBodySchema.safeParse(value).success;
}

/** The vault's public page of an artifact. */
export function viewUrl(vaultOrigin: string, id: string): string {
  return `${vaultOrigin}/view/${encodeURIComponent(id)}`;
}
