import { useMemo, useState } from 'react';
import { type Cell, type SplitRow, type UnifiedRow, splitRows, unifiedRows } from './diff-layout';
import { type DiffModel } from './diff-model';
import { foldLabel, showMoreLabel } from './history-labels';

export type DiffMode = 'split' | 'unified';

/**
 * Rows drawn at a time. Folding keeps a small edit to a long artifact short, but two versions
 * with nothing in common are thousands of changed rows: drawing them all at once would freeze
 * the page, so the rest come on request.
 */
export const ROWS_PER_PAGE = 250;

const Fold = ({ count, span, onExpand }: { count: number; span: number; onExpand: () => void }) => (
  <tr className="vh-fold">
    <td colSpan={span}>
      <button type="button" className="vh-fold-button" onClick={onExpand}>
        {foldLabel(count)}
      </button>
    </td>
  </tr>
);

const Sign = ({ kind }: { kind: 'add' | 'del' | 'same' }) =>
  kind === 'same' ? (
    <td className="vh-sign" />
  ) : (
    <td className="vh-sign">
      <span aria-hidden="true">{kind === 'add' ? '+' : '−'}</span>
      <span className="cv-visually-hidden">{kind === 'add' ? 'added' : 'removed'}</span>
    </td>
  );

function UnifiedLine({ row, onExpand }: { row: UnifiedRow; onExpand: (block: number) => void }) {
  if (row.kind === 'fold') return <Fold count={row.count} span={4} onExpand={() => onExpand(row.block)} />;
  return (
    <tr className={`vh-${row.kind}`}>
      <td className="vh-no">{row.kind === 'add' ? '' : row.old}</td>
      <td className="vh-no">{row.kind === 'del' ? '' : row.new}</td>
      <Sign kind={row.kind} />
      <td className="vh-text">{row.text}</td>
    </tr>
  );
}

const Side = ({ cell, kind }: { cell: Cell | null; kind: 'add' | 'del' | 'same' }) =>
  cell ? (
    <>
      <td className={`vh-no vh-${kind}`}>{cell.no}</td>
      <Sign kind={kind} />
      <td className={`vh-text vh-${kind}`}>{cell.text}</td>
    </>
  ) : (
    <td className="vh-blank" colSpan={3} />
  );

function SplitLine({ row, onExpand }: { row: SplitRow; onExpand: (block: number) => void }) {
  if (row.kind === 'fold') return <Fold count={row.count} span={6} onExpand={() => onExpand(row.block)} />;
  const same = row.kind === 'same';
  return (
    <tr>
      <Side cell={row.left} kind={same ? 'same' : 'del'} />
      <Side cell={row.right} kind={same ? 'same' : 'add'} />
    </tr>
  );
}

type Layout = { mode: 'split'; rows: SplitRow[] } | { mode: 'unified'; rows: UnifiedRow[] };

// Keys from line numbers: expanding a fold inserts rows without redrawing those after it.
const unifiedKey = (r: UnifiedRow): string =>
  r.kind === 'fold'
    ? `f${r.block}`
    : r.kind === 'same'
      ? `s${r.old}`
      : r.kind === 'del'
        ? `d${r.old}`
        : `a${r.new}`;
const splitKey = (r: SplitRow): string =>
  r.kind === 'fold'
    ? `f${r.block}`
    : r.kind === 'same'
      ? `s${r.left.no}`
      : `c${r.left?.no ?? ''}-${r.right?.no ?? ''}`;

/** The diff table: line numbers, +/− marks, added and removed lines highlighted. */
export function DiffView({
  model,
  mode,
  labels,
}: {
  model: DiffModel;
  mode: DiffMode;
  labels: [string, string];
}) {
  const [expanded, setExpanded] = useState<ReadonlySet<number>>(() => new Set());
  const [limit, setLimit] = useState(ROWS_PER_PAGE);
  const layout = useMemo<Layout>(
    () =>
      mode === 'split'
        ? { mode, rows: splitRows(model, expanded) }
        : { mode, rows: unifiedRows(model, expanded) },
    [model, mode, expanded],
  );
  const expand = (block: number) => setExpanded((prev) => new Set(prev).add(block));
  const left = Math.max(0, layout.rows.length - limit);

  return (
    <div className="vh-diff-scroll">
      <table className={`vh-diff vh-diff-${mode}`} aria-label={`Changes from ${labels[0]} to ${labels[1]}`}>
        <colgroup>
          {mode === 'split' ? (
            <>
              <col className="vh-col-no" />
              <col className="vh-col-sign" />
              <col />
              <col className="vh-col-no" />
              <col className="vh-col-sign" />
              <col />
            </>
          ) : (
            <>
              <col className="vh-col-no" />
              <col className="vh-col-no" />
              <col className="vh-col-sign" />
              <col />
            </>
          )}
        </colgroup>
        <thead>
          {mode === 'split' ? (
            <tr>
              <th colSpan={3}>{labels[0]}</th>
              <th colSpan={3}>{labels[1]}</th>
            </tr>
          ) : (
            <tr>
              <th colSpan={4}>
                {labels[0]} → {labels[1]}
              </th>
            </tr>
          )}
        </thead>
        <tbody>
          {layout.mode === 'split'
            ? layout.rows
                .slice(0, limit)
                .map((row) => <SplitLine key={splitKey(row)} row={row} onExpand={expand} />)
            : layout.rows
                .slice(0, limit)
                .map((row) => <UnifiedLine key={unifiedKey(row)} row={row} onExpand={expand} />)}
        </tbody>
      </table>
      {left > 0 && (
        <button
          type="button"
          className="cv-btn cv-btn-small vh-more"
          onClick={() => setLimit((n) => n + ROWS_PER_PAGE)}
        >
          {showMoreLabel(Math.min(ROWS_PER_PAGE, left), left)}
        </button>
      )}
    </div>
  );
}
