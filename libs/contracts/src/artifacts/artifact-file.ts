import { type ArtifactType } from './artifact-dto';

/** The file an artifact downloads as, by type: its extension and media type. */
export const ARTIFACT_FILE_TYPES: Record<ArtifactType, { extension: string; mediaType: string }> = {
  HTML: { extension: 'html', mediaType: 'text/html' },
  REACT: { extension: 'jsx', mediaType: 'text/javascript' },
  MARKDOWN: { extension: 'md', mediaType: 'text/markdown' },
  SVG: { extension: 'svg', mediaType: 'image/svg+xml' },
  TYPESCRIPT: { extension: 'ts', mediaType: 'text/x-typescript' },
  UNKNOWN: { extension: 'txt', mediaType: 'text/plain' },
};

/** Characters of the title kept in a file name (file systems allow 255 bytes; UTF-8 takes ≤ 4 a character). */
const NAME_MAX_CHARS = 60;
/** Runs of anything but letters and digits: linear, one character class, no nesting. */
const SEPARATORS = /[^\p{L}\p{N}]+/gu;

/**
 * The download's file name: the title's letters and digits joined by '-' (nothing a file system
 * or a Content-Disposition header could take as a path, a quote or a control character), at most
 * NAME_MAX_CHARS characters, 'artifact' when nothing is left, then the type's extension — a React
 * component whose source declares types is a .tsx.
 */
export function artifactFileName(title: string, type: ArtifactType, content = ''): string {
  const base =
    Array.from(title.normalize('NFC').replace(SEPARATORS, '-'))
      .slice(0, NAME_MAX_CHARS)
      .join('')
      .replace(/^-+|-+$/g, '')
      .toLowerCase() || 'artifact';
  const extension = type === 'REACT' && looksTyped(content) ? 'tsx' : ARTIFACT_FILE_TYPES[type].extension;
  return `${base}.${extension}`;
}

/** Marks of type annotations a JSX source would not have (plain substring checks: no regex to run). */
const TYPED_MARKERS = [
  'interface ',
  ': React.',
  'React.FC<',
  'useState<',
  ': string',
  ': number',
  ': boolean',
];

function looksTyped(content: string): boolean {
  return TYPED_MARKERS.some((marker) => content.includes(marker));
}
