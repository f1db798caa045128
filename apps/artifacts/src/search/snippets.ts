import { type SearchSnippet } from '@core-vault/contracts';
import { MATCH_END, MATCH_START } from './search-document';

type SnippetField = SearchSnippet['field'];

/** Highlighted index fields → the snippet field they are shown as, in the order shown. */
const FIELDS: readonly [string, SnippetField][] = [
  ['title', 'title'],
  ['description', 'description'],
  ['tags.text', 'tags'],
  ['content', 'content'],
];

/**
 * One highlighted fragment → plain-text parts, the matches flagged. Markers that do not pair up
 * (a fragment cut inside a match) end or start a match at the fragment's edge; empty parts go.
 */
export function fragmentParts(fragment: string): SearchSnippet['parts'] {
  const parts: SearchSnippet['parts'] = [];
  // An end marker before any start: the fragment begins inside a match.
  const firstEnd = fragment.indexOf(MATCH_END);
  const firstStart = fragment.indexOf(MATCH_START);
  let match = firstEnd !== -1 && (firstStart === -1 || firstEnd < firstStart);
  let text = '';
  const flush = () => {
    if (!text) return;
    const last = parts.at(-1);
    if (last && last.match === match) last.text += text;
    else parts.push({ text, match });
    text = '';
  };
  for (const ch of fragment) {
    if (ch === MATCH_START || ch === MATCH_END) {
      flush();
      match = ch === MATCH_START;
    } else text += ch;
  }
  flush();
  return parts;
}

/** An OpenSearch hit's `highlight` → the result's snippets, one per fragment with a match. */
export function toSnippets(highlight: Record<string, string[]> | undefined): SearchSnippet[] {
  if (!highlight) return [];
  return FIELDS.flatMap(([source, field]) =>
    (highlight[source] ?? [])
      .map((fragment) => ({ field, parts: fragmentParts(fragment) }))
      .filter((snippet) => snippet.parts.some((p) => p.match)),
  );
}
