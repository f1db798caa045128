import { ARTIFACT_LIMITS } from '@core-vault/contracts';
import { type CapturedDraft } from '../capture';
import { type SaveItem } from './artifact';

/** A captured draft as a create body: the capture's key stays with it for the results. */
export function toSaveItem(draft: CapturedDraft): SaveItem {
  const title = draft.title.trim().slice(0, ARTIFACT_LIMITS.titleMaxChars) || 'Untitled';
  return {
    key: draft.key,
    artifact: { title, type: draft.type, content: draft.content, metadata: { ...draft.metadata } },
  };
}
