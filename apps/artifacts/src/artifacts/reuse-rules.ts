import { type AuthUser } from '@core-vault/contracts';
import { canManage, isOwner } from './artifact-access';
import { type ArtifactDoc } from './artifact.schema';
import { type PinnedRead, pinnedRead } from './version-visibility';

/**
 * The decisions of "Reuse from the public page" (#35): who may download or copy which version.
 * They add nothing to what a read shows: a visitor reaches exactly the versions a pinned read
 * (`?v=N`) gives them — the current version of a public artifact and its published earlier ones —
 * and a private artifact answers as a read does (403).
 */
export type ReusedDoc = Pick<
  ArtifactDoc,
  'owner' | 'isPublic' | 'version' | 'publishedVersions' | 'allowRemix'
>;

/**
 * Which version a download or copy takes (the current one unless `version` is asked) and whether
 * it may: `manages` (owner or admin) reaches every kept version, anyone else published ones only.
 */
export function reuseVersion(doc: ReusedDoc, manages: boolean, version: number | undefined): PinnedRead {
  return pinnedRead(doc, version ?? doc.version, manages);
}

/**
 * A download counts when someone else takes the file: the owner's own (and an admin's, doing
 * support) are served and not counted, as their views are not.
 */
export const downloadCounts = (doc: Pick<ArtifactDoc, 'owner'>, user: AuthUser | null): boolean =>
  !canManage(user, doc.owner);

/**
 * Why a copy is refused, or null when the user may save one: only a public artifact is copied
 * (by anyone signed in with an upload plan, admins included, since a copy is theirs then); the
 * owner's own is in their vault already; an owner may turn copies off.
 */
export function remixRefusal(doc: ReusedDoc, user: AuthUser): 'own' | 'private' | 'disabled' | null {
  if (isOwner(user, doc.owner)) return 'own';
  if (!doc.isPublic) return 'private';
  if (doc.allowRemix === false) return 'disabled';
  return null;
}
