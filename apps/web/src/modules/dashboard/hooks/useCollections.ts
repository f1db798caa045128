import { useCallback, useEffect, useState } from 'react';
import { type Collection } from '@core-vault/contracts';
import { api } from '../../../lib/api/client';
import { endpoints } from '../../../lib/api/endpoints';

export function useCollections(): { collections: Collection[]; reload: () => void } {
  const [collections, setCollections] = useState<Collection[]>([]);
  const [version, setVersion] = useState(0);
  useEffect(() => {
    let live = true;
    api
      .call(endpoints.collections.list)
      .then((res) => live && setCollections(res.collections))
      .catch(() => live && setCollections([]));
    return () => {
      live = false;
    };
  }, [version]);
  const reload = useCallback(() => setVersion((v) => v + 1), []);
  return { collections, reload };
}
