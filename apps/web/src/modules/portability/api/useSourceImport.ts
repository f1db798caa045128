import { useCallback, useRef, useState } from 'react';
import {
  type ImportReport,
  type ImportSource,
  type ImportSourcePreview,
  importRunLineSchema,
} from '@core-vault/contracts';
import { api } from '../../../lib/api/client';
import { endpoints } from '../../../lib/api/endpoints';
import { messageOf } from '../../../lib/api/errors';

/** What is imported: a file (export, zip, gist JSON), a folder's files, or a gist's URL. */
export type SourceInput =
  | { kind: 'file'; source: ImportSource; file: File }
  | { kind: 'folder'; files: readonly File[] }
  | { kind: 'gist'; url: string };

export interface SourceImportState {
  phase: 'idle' | 'previewing' | 'preview' | 'importing' | 'done';
  error: string | null;
  preview: ImportSourcePreview | null;
  progress: { done: number; total: number } | null;
  report: ImportReport | null;
}

const IDLE: SourceImportState = { phase: 'idle', error: null, preview: null, progress: null, report: null };

export const SOURCE_TEXTS = {
  cutShort: 'The import stopped before its report. Some artifacts may have been imported: check your list.',
  progress: (done: number, total: number) => `Imported ${done} of ${total} artifacts`,
} as const;

/**
 * A folder as the service reads it: JSON lines `{"path","content"}`, one per file, built as a
 * Blob of parts (the browser keeps the files' text out of the page's heap where it can).
 */
export async function folderBundle(files: readonly File[]): Promise<Blob> {
  const parts: string[] = [];
  for (const f of files) {
    const path = (f as File & { webkitRelativePath?: string }).webkitRelativePath || f.name;
    parts.push(`${JSON.stringify({ path, content: await f.text() })}\n`);
  }
  return new Blob(parts, { type: 'application/octet-stream' });
}

/** The body and query of a source input (the same for the preview and the run). */
async function requestOf(input: SourceInput): Promise<{ query: Record<string, string>; file?: Blob }> {
  if (input.kind === 'gist') return { query: { source: 'gist', gist: input.url } };
  if (input.kind === 'folder')
    return { query: { source: 'folder', filename: 'folder.ndjson' }, file: await folderBundle(input.files) };
  return { query: { source: input.source, filename: input.file.name }, file: input.file };
}

/**
 * Preview, then import: the preview lists what the source holds (nothing written); confirming
 * sends the same file again with the preview's hash, and reads the run's NDJSON answer line by
 * line for the progress and the final report. A stream without its report line was cut short.
 */
export function useSourceImport() {
  const [state, setState] = useState<SourceImportState>(IDLE);
  const input = useRef<SourceInput | null>(null);

  const preview = useCallback(async (source: SourceInput) => {
    input.current = source;
    setState({ ...IDLE, phase: 'previewing' });
    try {
      const { query, file } = await requestOf(source);
      const result = await api.call(endpoints.portability.previewSourceImport, {
        query,
        ...(file ? { file } : {}),
      });
      setState({ ...IDLE, phase: 'preview', preview: result });
    } catch (err) {
      setState({ ...IDLE, error: messageOf(err, 'The file could not be read. Please try again.') });
    }
  }, []);

  const confirm = useCallback(async () => {
    const source = input.current;
    const planned = state.preview;
    if (!source || !planned) return;
    setState((s) => ({ ...s, phase: 'importing', progress: { done: 0, total: planned.counts.importable } }));
    try {
      const { query, file } = await requestOf(source);
      const res = await api.send(endpoints.portability.runSourceImport, {
        query: { ...query, expect: planned.fileHash },
        ...(file ? { file } : {}),
      });
      let report: ImportReport | null = null;
      await readLines(res, (line) => {
        const parsed = importRunLineSchema.safeParse(JSON.parse(line));
        if (!parsed.success) return;
        if ('progress' in parsed.data) {
          const progress = parsed.data.progress;
          setState((s) => ({ ...s, progress }));
        } else report = parsed.data.report;
      });
      setState((s) => ({
        ...s,
        phase: 'done',
        report,
        error: report ? null : SOURCE_TEXTS.cutShort,
      }));
    } catch (err) {
      setState((s) => ({ ...s, phase: 'preview', error: messageOf(err, SOURCE_TEXTS.cutShort) }));
    }
  }, [state.preview]);

  const reset = useCallback(() => {
    input.current = null;
    setState(IDLE);
  }, []);

  return { state, preview, confirm, reset };
}

/** Calls `onLine` for each complete line of a streamed answer as it arrives. */
async function readLines(res: Response, onLine: (line: string) => void): Promise<void> {
  if (!res.body) {
    for (const line of (await res.text()).split('\n')) if (line.trim()) onLine(line);
    return;
  }
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  let rest = '';
  for (;;) {
    const { done, value } = await reader.read();
    rest += decoder.decode(value, { stream: !done });
    let at = rest.indexOf('\n');
    while (at >= 0) {
      const line = rest.slice(0, at);
      rest = rest.slice(at + 1);
      if (line.trim()) onLine(line);
      at = rest.indexOf('\n');
    }
    if (done) break;
  }
  if (rest.trim()) onLine(rest);
}
