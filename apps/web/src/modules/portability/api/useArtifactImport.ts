import { useCallback, useRef, useState } from 'react';
import { planImportBatches } from '@core-vault/contracts';
import { api } from '../../../lib/api/client';
import { endpoints } from '../../../lib/api/endpoints';
import { ApiError, messageOf } from '../../../lib/api/errors';
import { IMPORT_TEXTS, type InvalidItem, type ValidItem, readExportFile } from '../import-file';

export interface ImportedNote {
  index: number;
  title: string;
  message: string;
}

export interface ImportState {
  phase: 'idle' | 'reading' | 'importing' | 'done';
  /** A problem with the file as a whole (nothing was sent). */
  fileError: string | null;
  /** The file says it was an incomplete export. */
  incompleteExport: boolean;
  total: number;
  imported: number;
  /** Not imported, with the reason: these are what "Retry failed" sends again. */
  failed: InvalidItem[];
  /** Imported, but with something to know (older versions left out, a collection not set). */
  notes: ImportedNote[];
}

const IDLE: ImportState = {
  phase: 'idle',
  fileError: null,
  incompleteExport: false,
  total: 0,
  imported: 0,
  failed: [],
  notes: [],
};

/** Lets the browser paint the progress line between two requests. */
const nextFrame = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * Imports an export file into the caller's account: the file is read and checked in the browser,
 * then sent in requests under the service's bounds (planImportBatches), one after the other,
 * counting what the service says it stored. Nothing is called imported unless the service said
 * so; everything else is listed with its reason and can be retried.
 */
export function useArtifactImport() {
  const [state, setState] = useState<ImportState>(IDLE);
  // Every checked artifact of the file by index, kept for a retry of the failed ones.
  const items = useRef(new Map<number, ValidItem>());

  const send = useCallback(async (toSend: ValidItem[], carried: InvalidItem[]) => {
    const { batches, tooLarge } = planImportBatches(toSend.map((v) => v.item));
    const failed: InvalidItem[] = [
      ...carried,
      ...tooLarge.flatMap((i) => at(toSend, i, (v) => ({ ...pick(v), reason: IMPORT_TEXTS.tooLarge }))),
    ];
    setState((s) => ({ ...s, phase: 'importing', failed }));
    for (const batch of batches) {
      // The item as planned: an oversized one goes with its newest versions only.
      const sent = batch.flatMap((p) => at(toSend, p.index, (v) => ({ ...v, item: p.item })));
      const outcome = await importBatch(sent);
      setState((s) => ({
        ...s,
        imported: s.imported + outcome.imported,
        failed: [...s.failed, ...outcome.failed],
        notes: [...s.notes, ...outcome.notes],
      }));
      await nextFrame();
    }
    setState((s) => ({ ...s, phase: 'done' }));
  }, []);

  const start = useCallback(
    async (file: File) => {
      setState({ ...IDLE, phase: 'reading' });
      let text: string;
      try {
        text = await readText(file);
      } catch {
        setState({ ...IDLE, fileError: IMPORT_TEXTS.unreadable });
        return;
      }
      await nextFrame();
      const read = readExportFile(text);
      if (!read.ok) {
        setState({ ...IDLE, fileError: read.message });
        return;
      }
      items.current = new Map(read.valid.map((v) => [v.index, v]));
      setState({
        ...IDLE,
        phase: 'importing',
        incompleteExport: read.incomplete,
        total: read.valid.length + read.invalid.length,
        failed: read.invalid,
      });
      await send(read.valid, read.invalid);
    },
    [send],
  );

  /** Sends the failed artifacts that can be sent again (those the file itself got wrong cannot). */
  const retryFailed = useCallback(async () => {
    const retry: ValidItem[] = [];
    const stay: InvalidItem[] = [];
    for (const f of state.failed) {
      const item = items.current.get(f.index);
      if (item) retry.push(item);
      else stay.push(f);
    }
    if (retry.length) await send(retry, stay);
  }, [send, state.failed]);

  const retryable = state.failed.some((f) => items.current.has(f.index));
  return { state, start, retryFailed, retryable };
}

interface BatchOutcome {
  imported: number;
  failed: InvalidItem[];
  notes: ImportedNote[];
}

/**
 * One request; when the service refuses the request as a whole (a 400 for one artifact), each
 * artifact is sent alone so the good ones still land and the bad one gets its own reason.
 */
async function importBatch(sent: ValidItem[]): Promise<BatchOutcome> {
  try {
    const { results } = await api.call(endpoints.portability.importMine, {
      body: { artifacts: sent.map((s) => s.item) },
    });
    const outcome: BatchOutcome = { imported: 0, failed: [], notes: [] };
    results.forEach((r) => {
      const origin = sent[r.index];
      if (!origin) return;
      if (r.status === 'failed') outcome.failed.push({ ...pick(origin), reason: r.message ?? '' });
      else {
        outcome.imported++;
        if (r.message) outcome.notes.push({ ...pick(origin), message: r.message });
      }
    });
    // Anything the answer did not mention was not stored as far as anyone knows.
    const answered = new Set(results.map((r) => r.index));
    sent.forEach((s, i) => {
      if (!answered.has(i)) outcome.failed.push({ ...pick(s), reason: IMPORT_TEXTS.requestFailed });
    });
    return outcome;
  } catch (err) {
    if (err instanceof ApiError && err.status === 400 && sent.length > 1) {
      const outcome: BatchOutcome = { imported: 0, failed: [], notes: [] };
      for (const s of sent) {
        const one = await importBatch([s]);
        outcome.imported += one.imported;
        outcome.failed.push(...one.failed);
        outcome.notes.push(...one.notes);
      }
      return outcome;
    }
    const reason = messageOf(err, IMPORT_TEXTS.requestFailed);
    return { imported: 0, failed: sent.map((s) => ({ ...pick(s), reason })), notes: [] };
  }
}

/** FileReader rather than Blob.text(): the same in every browser the SPA supports (and jsdom). */
function readText(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(typeof reader.result === 'string' ? reader.result : '');
    reader.onerror = () => reject(reader.error ?? new Error('unreadable'));
    reader.readAsText(file);
  });
}

const pick = (v: { index: number; title: string }) => ({ index: v.index, title: v.title });

/** `make` of list[i] as a one-element list, or none when there is no such element. */
function at<T, U>(list: readonly T[], i: number, make: (v: T) => U): U[] {
  const v = list[i];
  return v === undefined ? [] : [make(v)];
}
