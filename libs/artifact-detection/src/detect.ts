/** Artifact types the product knows; UNKNOWN is the fallback for anything else. */
export const ARTIFACT_TYPES = ['REACT', 'HTML', 'MARKDOWN', 'SVG', 'TYPESCRIPT', 'UNKNOWN'] as const;
export type ArtifactType = (typeof ARTIFACT_TYPES)[number];

/** Auto-detection applies only to content longer than this many characters (spec §4, §9). */
export const AUTO_DETECT_MIN_LENGTH = 50;

const REACT_MARKERS: readonly RegExp[] = [
  /\bimport\s+React\b/,
  /\bfrom\s+['"]react(?:-dom)?(?:\/[\w-]+)?['"]/,
  /\brequire\(\s*['"]react['"]\s*\)/,
  /\buse(?:State|Effect|Ref|Memo|Callback|Context|Reducer|LayoutEffect|Id|Transition)\s*[(<]/,
  /\bexport\s+default\s+(?:async\s+)?function\b/,
];

/**
 * Detection runs on every write of untrusted text, so no marker may backtrack without bound:
 * whitespace is matched by one quantifier only (never `\s*X?\s*`, which splits a run of spaces
 * every way), and the open-ended parts (type parameters, `extends` clauses) are capped, or every
 * `interface A <` of a long text would rescan the rest of it. Real declarations fit the caps.
 */
const TYPE_DECLARATION_MARKERS: readonly RegExp[] = [
  /\binterface\s+[A-Za-z_$][\w$]*\s*(?:<[^>{}]{0,300}>\s*)?(?:extends\s[^{]{1,300})?\{/,
  /\btype\s+[A-Za-z_$][\w$]*\s*(?:<[^>=]{0,300}>\s*)?=/,
  /\benum\s+[A-Za-z_$][\w$]*\s*\{/,
  /[\w$)\]]\s*:\s*(?:string|number|boolean|void|unknown|never|any|Record<|Array<|Promise<)\b/,
  /\b(?:declare|namespace|readonly|implements)\s+[A-Za-z_$]/,
  /\sas\s+(?:const|string|number|boolean|unknown)\b/,
];

/** JSX in a .ts-looking file: a capitalised component tag, className=, or `return (<`. */
const JSX_MARKERS: readonly RegExp[] = [
  /<[A-Z][\w.]*(?:\s[^<>]*)?\/?>/,
  /\bclassName\s*=\s*[{"']/,
  /\breturn\s*(?:\(\s*)?<[A-Za-z>]/,
  /<\/[A-Za-z][\w.]*>/,
];

const SVG_MARKER = /<svg[\s>/]/i;
const MARKDOWN_MARKERS: readonly RegExp[] = [/^ {0,3}#{1,6}[ \t]+\S/m, /^ {0,3}(?:```|~~~)/m];

const any = (markers: readonly RegExp[], content: string): boolean => markers.some((m) => m.test(content));

/**
 * Spec §4, in its order: React (imports, hooks, default-exported function); TypeScript when it
 * has type declarations, but React when it also has JSX; SVG when it holds an svg tag; Markdown
 * with headings or code fences; otherwise HTML. Returns null for content of 50 characters or
 * fewer — too short to tell, the caller keeps the type it had.
 */
export function detectArtifactType(content: string): Exclude<ArtifactType, 'UNKNOWN'> | null {
  if (content.length <= AUTO_DETECT_MIN_LENGTH) return null;
  if (any(REACT_MARKERS, content)) return 'REACT';
  if (any(TYPE_DECLARATION_MARKERS, content)) return any(JSX_MARKERS, content) ? 'REACT' : 'TYPESCRIPT';
  if (SVG_MARKER.test(content)) return 'SVG';
  if (any(MARKDOWN_MARKERS, content)) return 'MARKDOWN';
  return 'HTML';
}

const EXTENSION_TYPES: Readonly<Record<string, ArtifactType>> = {
  md: 'MARKDOWN',
  svg: 'SVG',
  tsx: 'REACT',
  jsx: 'REACT',
  ts: 'TYPESCRIPT',
};

/** Type of a dropped file by extension (.md .svg .tsx .jsx .ts); null means auto-detect. */
export function typeFromFileName(fileName: string): ArtifactType | null {
  const match = /\.([A-Za-z0-9]+)$/.exec(fileName.trim());
  if (!match) return null;
  return EXTENSION_TYPES[(match[1] as string).toLowerCase()] ?? null;
}

/** The title a dropped file fills in when the title is empty: its name without extension. */
export function titleFromFileName(fileName: string): string {
  const base = fileName.trim().split(/[\\/]/).pop() ?? '';
  const stem = base.replace(/\.[A-Za-z0-9]+$/, '');
  return stem || base;
}

/** The type a file drop sets: by extension, else detected from the content, else `fallback`. */
export function typeForFile(
  fileName: string,
  content: string,
  fallback: ArtifactType = 'HTML',
): ArtifactType {
  return typeFromFileName(fileName) ?? detectArtifactType(content) ?? fallback;
}
