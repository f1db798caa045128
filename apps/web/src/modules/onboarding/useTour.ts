import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { endpoints } from '../../lib/api/endpoints';
import { apiKey, apiQuery, useApiMutation } from '../../lib/query';
import { isTourDone, markTourDone } from './tour-store';

export interface TourState {
  /** The tour is on screen. */
  shown: boolean;
  /** "Take the tour" from the header: always opens it. */
  start: () => void;
  /** Finished or skipped: remembered in this browser and for the account (every device). */
  close: () => void;
}

/**
 * Whether the dashboard tour opens by itself: only when neither this browser nor the account
 * (the onboarding service's `tourDone`) remembers it as done. On a browser that does not know,
 * it waits for the account's answer instead of flashing open first; when the progress cannot be
 * read it goes by this browser alone. A completion this browser knew from before the account
 * kept it is handed to the account once.
 */
export function useTour(): TourState {
  const client = useQueryClient();
  const { data: progress, isError } = useQuery(apiQuery(endpoints.onboarding.progress));
  const [choice, setChoice] = useState<boolean | null>(null);
  const [localDone] = useState(isTourDone);
  const save = useApiMutation(endpoints.onboarding.tour, {
    onSuccess: (next) => client.setQueryData(apiKey(endpoints.onboarding.progress), next),
  });
  const { mutate } = save;
  const synced = useRef(false);

  useEffect(() => {
    if (!progress || synced.current) return;
    synced.current = true;
    if (progress.tourDone && !localDone) markTourDone();
    if (!progress.tourDone && localDone) mutate({ body: { done: true } });
  }, [progress, localDone, mutate]);

  const auto = !localDone && (progress ? !progress.tourDone : isError);
  const start = useCallback(() => setChoice(true), []);
  const close = useCallback(() => {
    setChoice(false);
    markTourDone();
    mutate({ body: { done: true } });
  }, [mutate]);
  return { shown: choice ?? auto, start, close };
}
