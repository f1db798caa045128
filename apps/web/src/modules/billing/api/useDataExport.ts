import { useCallback, useEffect, useRef, useState } from 'react';
import { api } from '../../../lib/api/client';
import { endpoints } from '../../../lib/api/endpoints';
import { localDay } from '../../../lib/dates';
import { type DownloadProgress, readWithProgress, saveBlob } from '../../../lib/download';
import { BILLING_TEXTS as T, exportFileName } from '../billing-texts';
import { artifactCounter } from './export-progress';

export type DataExportState =
  | { status: 'idle' | 'canceled' }
  /** `progress` is null until the server answers (it gathers the first part first). */
  | { status: 'downloading'; progress: DownloadProgress | null };

/** The document's last field says whether every source is in it (its notes say what is not). */
const isComplete = (tail: string) => /"complete":\s*true\s*}\s*$/.test(tail);

/**
 * "Export Data": the request starts at once and the page shows the bytes as they arrive (against
 * the size, when the server announces one); it can be cancelled. The file is saved when the whole
 * document is in, and the outcome is alerted as the spec says.
 */
export function useDataExport() {
  const [state, setState] = useState<DataExportState>({ status: 'idle' });
  const running = useRef<AbortController | null>(null);

  // Leaving the page stops the download instead of finishing it for nobody.
  useEffect(() => () => running.current?.abort(), []);

  const start = useCallback(async () => {
    if (running.current) return;
    const controller = new AbortController();
    running.current = controller;
    setState({ status: 'downloading', progress: null });
    try {
      // The document as the service streamed it (pretty-printed there): not parsed and
      // re-serialized here, so no field is lost.
      const res = await api.send(endpoints.billing.exportData, { signal: controller.signal });
      const { blob, tail } = await readWithProgress(
        res,
        (progress) => {
          if (!controller.signal.aborted) setState({ status: 'downloading', progress });
        },
        artifactCounter(),
      );
      saveBlob(blob, exportFileName(localDay()));
      setState({ status: 'idle' });
      window.alert(isComplete(tail) ? T.exported : T.exportedIncomplete);
    } catch {
      if (controller.signal.aborted) {
        setState({ status: 'canceled' });
      } else {
        setState({ status: 'idle' });
        window.alert(T.exportFailed);
      }
    } finally {
      running.current = null;
    }
  }, []);

  const cancel = useCallback(() => running.current?.abort(), []);
  return { state, start, cancel };
}
