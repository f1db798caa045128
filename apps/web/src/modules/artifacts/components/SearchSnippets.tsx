import { type SearchSnippet } from '@core-vault/contracts';

const FIELD_LABELS: Record<SearchSnippet['field'], string> = {
  title: 'Title',
  description: 'Description',
  tags: 'Tags',
  content: 'Content',
};

/**
 * Where a search result matched, the matching words marked. Every part is a React text node: the
 * artifact's text is never parsed as HTML, whatever it holds.
 */
export function SearchSnippets({ snippets }: { snippets: SearchSnippet[] }) {
  if (snippets.length === 0) return null;
  return (
    <ul className="ac-snippets" aria-label="Matches">
      {snippets.map((s, i) => (
        <li key={`${s.field}-${i}`}>
          <span className="ac-snippet-field">{FIELD_LABELS[s.field]}: </span>
          {s.parts.map((part, j) =>
            part.match ? <mark key={j}>{part.text}</mark> : <span key={j}>{part.text}</span>,
          )}
        </li>
      ))}
    </ul>
  );
}
