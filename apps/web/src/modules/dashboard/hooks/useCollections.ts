import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { type Collection } from '@core-vault/contracts';
import { endpoints } from '../../../lib/api/endpoints';
import { apiQuery } from '../../../lib/query';

const NONE: Collection[] = [];

/** The caller's collections; a failed load shows none (the panel still lets one create). */
export function useCollections(): { collections: Collection[]; reload: () => void } {
  const client = useQueryClient();
  const { data } = useQuery(apiQuery(endpoints.collections.list));
  const reload = useCallback(
    () => void client.invalidateQueries({ queryKey: [endpoints.collections.list.id] }),
    [client],
  );
  return { collections: data?.collections ?? NONE, reload };
}
