import { type ArtifactType } from '@core-vault/contracts';
import { type ArtifactDoc } from '../artifacts/artifact.schema';

/** What the search index holds of one artifact: the searchable text and the filter fields. */
export interface SearchDocument {
  id: string;
  owner: string;
  title: string;
  description: string;
  content: string;
  tags: string[];
  type: ArtifactType;
  visibility: 'public' | 'private';
  createdAt: string;
  updatedAt: string;
  rev: number;
}

/** The fields of an artifact the index is made from (a projection of the stored document). */
export type SearchSource = Pick<
  ArtifactDoc,
  | '_id'
  | 'owner'
  | 'title'
  | 'description'
  | 'content'
  | 'tags'
  | 'type'
  | 'isPublic'
  | 'createdAt'
  | 'updatedAt'
  | 'rev'
  | 'deletedAt'
>;

/**
 * The highlight markers (two private-use characters) never occur in indexed text, so parsing a
 * highlighted fragment cannot mistake an artifact's own characters for a match boundary.
 */
export const MATCH_START = '\uE000';
export const MATCH_END = '\uE001';
const MARKERS = /[\uE000\uE001]/g;

const clean = (text: string): string => text.replace(MARKERS, ' ');

export function toSearchDocument(doc: SearchSource): SearchDocument {
  return {
    id: doc._id,
    owner: doc.owner,
    title: clean(doc.title),
    description: clean(doc.description ?? ''),
    content: clean(doc.content),
    tags: doc.tags.map(clean),
    type: doc.type,
    visibility: doc.isPublic ? 'public' : 'private',
    createdAt: new Date(doc.createdAt).toISOString(),
    updatedAt: new Date(doc.updatedAt).toISOString(),
    rev: doc.rev,
  };
}
