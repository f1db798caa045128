import { ARTIFACT_LIMITS } from '@core-vault/contracts';

/**
 * Weights: any title hit outranks any description hit, which outranks any tag hit, which outranks
 * any amount of content hits. The description is the owner's own summary: nearly as telling as
 * the title, more than a single tag.
 */
const TITLE_HIT = 1_000;
const DESCRIPTION_HIT = 300;
const TAG_HIT = 100;
const CONTENT_HIT = 10;
/** Term frequency adds up to this much within its field (so it never crosses field weights). */
const TF_CAP = 9;

export function searchTerms(query: string): string[] {
  const terms = query
    .toLowerCase()
    .split(/\s+/)
    .map((t) => t.trim())
    .filter(Boolean);
  return [...new Set(terms)].slice(0, ARTIFACT_LIMITS.searchTermsMax);
}

export const escapeRegex = (s: string): string => s.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');

function occurrences(haystack: string, needle: string): number {
  let count = 0;
  for (
    let at = haystack.indexOf(needle);
    at !== -1 && count < TF_CAP;
    at = haystack.indexOf(needle, at + needle.length)
  )
    count++;
  return count;
}

export interface Scorable {
  title: string;
  /** Absent on artifacts from before descriptions existed. */
  description?: string;
  tags: readonly string[];
  /** Lower-cased head of the content. */
  searchHead: string;
}

/**
 * Per term: a title hit (+ its frequency), a description hit (+ frequency), a tag hit (exact tag
 * a little higher), a content hit (+ frequency). A candidate matched only beyond the stored head
 * still scores 1.
 */
export function scoreArtifact(doc: Scorable, terms: readonly string[]): number {
  const title = doc.title.toLowerCase();
  const description = (doc.description ?? '').toLowerCase();
  const tags = doc.tags.map((t) => t.toLowerCase());
  let score = 0;
  for (const term of terms) {
    const inTitle = occurrences(title, term);
    const exactTag = tags.includes(term);
    const inTags = exactTag || tags.some((t) => t.includes(term));
    const inContent = occurrences(doc.searchHead, term);
    const inDescription = occurrences(description, term);
    if (inTitle) score += TITLE_HIT + inTitle;
    if (inDescription) score += DESCRIPTION_HIT + inDescription;
    if (inTags) score += TAG_HIT + (exactTag ? 5 : 0);
    if (inContent) score += CONTENT_HIT + inContent;
  }
  return Math.max(score, 1);
}
