import { SHARE_CACHE } from './share-target';

/** A stand-in for the browser's Cache Storage, holding what the service worker would have put. */
export function fakeCaches(entries: Record<string, string> | null) {
  const stores = new Map<string, Map<string, string>>();
  if (entries) stores.set(SHARE_CACHE, new Map(Object.entries(entries)));
  const storage = {
    has: (name: string) => Promise.resolve(stores.has(name)),
    delete: (name: string) => Promise.resolve(stores.delete(name)),
    open: (name: string) => {
      const store = stores.get(name) ?? new Map<string, string>();
      stores.set(name, store);
      return Promise.resolve({
        match: (key: string) => {
          const body = store.get(key);
          return Promise.resolve(body === undefined ? undefined : new Response(body));
        },
      });
    },
  };
  return { storage: storage as unknown as CacheStorage, stores };
}
