import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { type DashboardParams, readParams, writeParams } from '../dashboard-params';

export interface DashboardParamsState {
  params: DashboardParams;
  /**
   * Changes part of the list's address. `replace` edits the current history entry (typing), so
   * back goes to the previous search, not to each word on the way.
   */
  update: (change: Partial<DashboardParams>, options?: { replace?: boolean }) => void;
}

export function useDashboardParams(): DashboardParamsState {
  const [search, setSearch] = useSearchParams();
  const key = search.toString();
  // Parsed again only when the address text changes: the list's query key stays the same object.
  const params = useMemo(() => readParams(new URLSearchParams(key)), [key]);
  const update = useCallback<DashboardParamsState['update']>(
    (change, options) =>
      setSearch((current) => writeParams({ ...readParams(current), ...change }), {
        replace: options?.replace ?? false,
        // The tab, banners and dialogs stay as they are: only the list changes.
        preventScrollReset: true,
      }),
    [setSearch],
  );
  return { params, update };
}
