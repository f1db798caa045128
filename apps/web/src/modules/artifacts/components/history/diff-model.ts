/**
 * The line diff of two versions as runs ("blocks"): unchanged lines, and changes (lines removed
 * from the older side, lines added on the newer one). Compact on purpose: the worker sends this
 * back to the page, and a 500,000-character artifact is thousands of lines — runs of strings
 * clone far cheaper than one object per line. Line numbers start at 1.
 */
export type DiffBlock =
  | { kind: 'same'; oldStart: number; newStart: number; lines: string[] }
  | { kind: 'change'; oldStart: number; newStart: number; removed: string[]; added: string[] };

export interface DiffModel {
  blocks: DiffBlock[];
  added: number;
  removed: number;
  /**
   * The line-by-line comparison gave up (too many differences to finish in time): every line of
   * the older version is shown removed and every line of the newer one added.
   */
  whole: boolean;
}

/** What jsdiff's diffLines returns (only the fields this needs). */
export interface LineChange {
  value: string;
  added: boolean;
  removed: boolean;
}

/** The lines of a text; a final line break ends the last line rather than starting an empty one. */
export function splitLines(text: string): string[] {
  if (text === '') return [];
  const lines = text.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  // Windows line endings: the \r is not part of what the reader sees.
  return lines.map((l) => (l.endsWith('\r') ? l.slice(0, -1) : l));
}

export const hasDifferences = (model: DiffModel): boolean => model.added > 0 || model.removed > 0;

/** jsdiff's changes (removed before added within a change, as it emits them) to blocks. */
export function blocksFromChanges(changes: readonly LineChange[]): DiffModel {
  const blocks: DiffBlock[] = [];
  let oldNo = 1;
  let newNo = 1;
  let added = 0;
  let removed = 0;
  for (const change of changes) {
    const lines = splitLines(change.value);
    if (lines.length === 0) continue;
    const last = blocks[blocks.length - 1];
    if (!change.added && !change.removed) {
      blocks.push({ kind: 'same', oldStart: oldNo, newStart: newNo, lines });
      oldNo += lines.length;
      newNo += lines.length;
      continue;
    }
    // A removal and the addition after it are one change (shown side by side as a pair).
    const block: Extract<DiffBlock, { kind: 'change' }> =
      last?.kind === 'change'
        ? last
        : { kind: 'change', oldStart: oldNo, newStart: newNo, removed: [], added: [] };
    if (block !== last) blocks.push(block);
    // A loop, not push(...lines): hundreds of thousands of arguments overflow the stack.
    const into = change.removed ? block.removed : block.added;
    for (const line of lines) into.push(line);
    if (change.removed) {
      oldNo += lines.length;
      removed += lines.length;
    } else {
      newNo += lines.length;
      added += lines.length;
    }
  }
  return { blocks, added, removed, whole: false };
}

/** Every line removed and every line added: the fallback when the comparison gave up. */
export function wholeReplacement(left: string, right: string): DiffModel {
  const removed = splitLines(left);
  const added = splitLines(right);
  return {
    blocks: [{ kind: 'change', oldStart: 1, newStart: 1, removed, added }],
    added: added.length,
    removed: removed.length,
    whole: true,
  };
}
