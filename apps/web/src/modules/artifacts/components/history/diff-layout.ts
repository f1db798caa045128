import { type DiffBlock, type DiffModel } from './diff-model';

/**
 * What the diff view draws, row by row. Unchanged runs keep `CONTEXT_LINES` lines next to each
 * change and fold the rest into one "… N unchanged lines" row that expands on demand, so a small
 * edit to a long artifact draws a few dozen rows, not thousands.
 */
export const CONTEXT_LINES = 3;
/** Folding fewer lines than this would save less than the fold row costs the reader. */
export const MIN_FOLD = 4;

export interface Cell {
  no: number;
  text: string;
}

export type UnifiedRow =
  | { kind: 'same'; old: number; new: number; text: string }
  | { kind: 'del'; old: number; text: string }
  | { kind: 'add'; new: number; text: string }
  | { kind: 'fold'; block: number; count: number };

export type SplitRow =
  | { kind: 'same'; left: Cell; right: Cell }
  /** One side may be empty: more lines removed than added, or the other way round. */
  | { kind: 'change'; left: Cell | null; right: Cell | null }
  | { kind: 'fold'; block: number; count: number };

type SameBlock = Extract<DiffBlock, { kind: 'same' }>;

/**
 * Which lines of an unchanged run show: all (expanded or short), or a head and a tail around a
 * fold. The first run needs no head (nothing above it changed), the last no tail.
 */
export function foldRun(
  block: SameBlock,
  place: { first: boolean; last: boolean },
  expanded: boolean,
): { head: number; hidden: number; tail: number } {
  const n = block.lines.length;
  if (expanded) return { head: n, hidden: 0, tail: 0 };
  const head = place.first ? 0 : CONTEXT_LINES;
  const tail = place.last ? 0 : CONTEXT_LINES;
  const hidden = n - head - tail;
  if (hidden < MIN_FOLD) return { head: n, hidden: 0, tail: 0 };
  return { head, hidden, tail };
}

/** The unchanged lines of a run that show, each with both line numbers, folds in place. */
function sameRows<R>(
  model: DiffModel,
  index: number,
  block: SameBlock,
  expanded: ReadonlySet<number>,
  row: (old: number, nu: number, text: string) => R,
  fold: (count: number) => R,
): R[] {
  const place = { first: index === 0, last: index === model.blocks.length - 1 };
  const { head, hidden, tail } = foldRun(block, place, expanded.has(index));
  const out: R[] = [];
  const at = (i: number) => row(block.oldStart + i, block.newStart + i, block.lines[i] ?? '');
  for (let i = 0; i < head; i++) out.push(at(i));
  if (hidden > 0) out.push(fold(hidden));
  for (let i = block.lines.length - tail; i < block.lines.length; i++) out.push(at(i));
  return out;
}

/** One column: removed lines (old numbers) above added lines (new numbers). */
export function unifiedRows(model: DiffModel, expanded: ReadonlySet<number>): UnifiedRow[] {
  const rows: UnifiedRow[] = [];
  model.blocks.forEach((block, index) => {
    if (block.kind === 'same') {
      const same = sameRows<UnifiedRow>(
        model,
        index,
        block,
        expanded,
        (old, nu, text) => ({ kind: 'same', old, new: nu, text }),
        (count) => ({ kind: 'fold', block: index, count }),
      );
      for (const r of same) rows.push(r);
      return;
    }
    block.removed.forEach((text, i) => rows.push({ kind: 'del', old: block.oldStart + i, text }));
    block.added.forEach((text, i) => rows.push({ kind: 'add', new: block.newStart + i, text }));
  });
  return rows;
}

/** Two columns: a change pairs its removed and added lines in order, the shorter side padded. */
export function splitRows(model: DiffModel, expanded: ReadonlySet<number>): SplitRow[] {
  const rows: SplitRow[] = [];
  model.blocks.forEach((block, index) => {
    if (block.kind === 'same') {
      const same = sameRows<SplitRow>(
        model,
        index,
        block,
        expanded,
        (old, nu, text) => ({ kind: 'same', left: { no: old, text }, right: { no: nu, text } }),
        (count) => ({ kind: 'fold', block: index, count }),
      );
      for (const r of same) rows.push(r);
      return;
    }
    const pairs = Math.max(block.removed.length, block.added.length);
    for (let i = 0; i < pairs; i++) {
      const left = block.removed[i];
      const right = block.added[i];
      rows.push({
        kind: 'change',
        left: left === undefined ? null : { no: block.oldStart + i, text: left },
        right: right === undefined ? null : { no: block.newStart + i, text: right },
      });
    }
  });
  return rows;
}
