import { useCallback, useEffect, useState } from 'react';
import { type DashboardParamsState } from './useDashboardParams';

/** Typing searches once the keys rest this long (never one request per key). */
export const SEARCH_DEBOUNCE_MS = 300;

export interface SearchDraft {
  q: string;
  tag: string;
}

/**
 * The search box and the tag filter as typed, applied to the address after a pause or at once on
 * submit. A change of the address from elsewhere (back, forward, Clear) shows in the boxes.
 * Submitting what is already shown asks again (`searchAgain`): the index may have caught up.
 */
export function useSearchDraft({ params, update }: DashboardParamsState, searchAgain: () => void) {
  const tag = params.filters.tag ?? '';
  const [draft, setDraft] = useState<SearchDraft>({ q: params.q, tag });

  useEffect(() => {
    // Trimmed text is what was applied: a trailing space being typed is not undone.
    setDraft((d) => (d.q.trim() === params.q && d.tag.trim() === tag ? d : { q: params.q, tag }));
  }, [params.q, tag]);

  const apply = useCallback(
    (d: SearchDraft, typing: boolean) => {
      const q = d.q.trim();
      const nextTag = d.tag.trim();
      if (q === params.q && nextTag === tag) return false;
      const { tag: _old, ...others } = params.filters;
      // Refining a search while typing edits the history entry; a new search is a new one.
      update(
        { q, filters: nextTag ? { ...others, tag: nextTag } : others },
        { replace: typing && Boolean(params.q) },
      );
      return true;
    },
    [params, tag, update],
  );

  useEffect(() => {
    const timer = setTimeout(() => apply(draft, true), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [draft, apply]);

  const submit = useCallback(() => {
    if (!apply(draft, false)) searchAgain();
  }, [apply, draft, searchAgain]);
  return { draft, setDraft, submit };
}
