import { computeDiff, answerDiffRequest } from './diff-compute';
import { CONTEXT_LINES, foldRun, splitRows, unifiedRows } from './diff-layout';
import { blocksFromChanges, hasDifferences, splitLines } from './diff-model';
import { readDiffReply, readDiffRequest } from './diff-protocol';

const lines = (n: number, tag = 'line') => Array.from({ length: n }, (_, i) => `${tag} ${i + 1}`);
const text = (ls: string[]) => `${ls.join('\n')}\n`;

describe('the diff model', () => {
  it('splits lines without an empty last line, and drops Windows carriage returns', () => {
    expect(splitLines('a\nb\n')).toEqual(['a', 'b']);
    expect(splitLines('a\r\nb')).toEqual(['a', 'b']);
    expect(splitLines('')).toEqual([]);
  });

  it('joins a removal and the addition after it into one change with both line numbers', () => {
    const model = blocksFromChanges([
      { value: 'a\n', added: false, removed: false },
      { value: 'b\nc\n', added: false, removed: true },
      { value: 'B\n', added: true, removed: false },
      { value: 'd\n', added: false, removed: false },
    ]);
    expect(model.blocks).toEqual([
      { kind: 'same', oldStart: 1, newStart: 1, lines: ['a'] },
      { kind: 'change', oldStart: 2, newStart: 2, removed: ['b', 'c'], added: ['B'] },
      { kind: 'same', oldStart: 4, newStart: 3, lines: ['d'] },
    ]);
    expect([model.added, model.removed, model.whole]).toEqual([1, 2, false]);
  });

  it('finds no differences between identical versions (without running jsdiff)', () => {
    const model = computeDiff(text(lines(5)), text(lines(5)), 1000);
    expect(hasDifferences(model)).toBe(false);
    expect(model.blocks).toHaveLength(1);
  });

  it('diffs a 500,000-character artifact with a few edits into a few changes', () => {
    const old = lines(20_000, 'x'.repeat(20));
    const next = [...old];
    next[100] = 'changed';
    next[15_000] = 'changed too';
    const left = text(old);
    expect(left.length).toBeGreaterThan(500_000);
    const model = computeDiff(left, text(next), 5_000);
    expect([model.added, model.removed]).toEqual([2, 2]);
    expect(model.blocks.filter((b) => b.kind === 'change')).toHaveLength(2);
  });

  it('shows both versions whole when jsdiff gives up in time', () => {
    // Nothing in common, and no time at all: jsdiff answers undefined.
    const model = computeDiff(text(lines(3000, 'a')), text(lines(3000, 'b')), 0);
    expect(model.whole).toBe(true);
    expect([model.added, model.removed]).toEqual([3000, 3000]);
  });
});

describe('folding unchanged runs', () => {
  const run = (n: number) => ({ kind: 'same' as const, oldStart: 1, newStart: 1, lines: lines(n) });

  it('keeps context next to changes and folds the rest', () => {
    expect(foldRun(run(250), { first: false, last: false }, false)).toEqual({
      head: CONTEXT_LINES,
      hidden: 250 - 2 * CONTEXT_LINES,
      tail: CONTEXT_LINES,
    });
    // Nothing changed above the first run or below the last one: no context needed there.
    expect(foldRun(run(250), { first: true, last: false }, false)).toEqual({ head: 0, hidden: 247, tail: 3 });
    expect(foldRun(run(250), { first: false, last: true }, false)).toEqual({ head: 3, hidden: 247, tail: 0 });
  });

  it('does not fold a short run, nor an expanded one', () => {
    expect(foldRun(run(9), { first: false, last: false }, false).hidden).toBe(0);
    expect(foldRun(run(250), { first: false, last: false }, true)).toEqual({ head: 250, hidden: 0, tail: 0 });
  });

  it('lays out unified rows: context, the removed then added lines, a fold with its count', () => {
    const old = lines(300);
    const next = [...old];
    next[149] = 'new 150';
    const model = computeDiff(text(old), text(next), 5_000);
    const rows = unifiedRows(model, new Set());
    expect(rows.map((r) => r.kind)).toEqual([
      'fold',
      'same',
      'same',
      'same',
      'del',
      'add',
      'same',
      'same',
      'same',
      'fold',
    ]);
    expect(rows[0]).toEqual({ kind: 'fold', block: 0, count: 146 });
    expect(rows[4]).toEqual({ kind: 'del', old: 150, text: 'line 150' });
    expect(rows[5]).toEqual({ kind: 'add', new: 150, text: 'new 150' });
    // Expanding the first fold shows its lines with their numbers.
    const open = unifiedRows(model, new Set([0]));
    expect(open).toHaveLength(rows.length - 1 + 146);
    expect(open[0]).toEqual({ kind: 'same', old: 1, new: 1, text: 'line 1' });
  });

  it('pairs removed and added lines side by side, padding the shorter side', () => {
    const model = computeDiff('a\nb\nc\n', 'a\nB\n', 5_000);
    const rows = splitRows(model, new Set());
    expect(rows).toEqual([
      { kind: 'same', left: { no: 1, text: 'a' }, right: { no: 1, text: 'a' } },
      { kind: 'change', left: { no: 2, text: 'b' }, right: { no: 2, text: 'B' } },
      { kind: 'change', left: { no: 3, text: 'c' }, right: null },
    ]);
  });
});

describe('the diff worker protocol', () => {
  it('answers a request with its id and the model', () => {
    const reply = answerDiffRequest({ type: 'diff', id: 7, left: 'a\n', right: 'b\n', timeoutMs: 1000 });
    expect(reply?.id).toBe(7);
    expect(readDiffReply(reply, 7)).toEqual(reply);
  });

  it('ignores what is not a request', () => {
    expect(answerDiffRequest({ type: 'diff', id: 1, left: 'a' })).toBeNull();
    expect(answerDiffRequest('diff')).toBeNull();
    expect(readDiffRequest({ type: 'other', id: 1, left: '', right: '' })).toBeNull();
  });

  it("takes only the answer to the page's current request, and only a well-formed one", () => {
    const reply = answerDiffRequest({ type: 'diff', id: 1, left: 'a\n', right: 'b\n', timeoutMs: 1000 });
    expect(readDiffReply(reply, 2)).toBeNull();
    expect(
      readDiffReply({ type: 'diff-result', id: 2, model: { blocks: [{ kind: 'same' }] } }, 2),
    ).toBeNull();
    expect(readDiffReply({ type: 'diff-error', id: 2, message: 'boom' }, 2)).toEqual({
      type: 'diff-error',
      id: 2,
      message: 'boom',
    });
  });
});
