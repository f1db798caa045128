import { type ComponentType, Suspense, lazy } from 'react';
import { Spinner } from '../components/ui';

/** Route-level code splitting: each page is its own chunk, loaded when first visited. */
export function lazyPage<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) {
  const Page = lazy<ComponentType>(() => load().then((m) => ({ default: m[name] })));
  return (
    <Suspense fallback={<Spinner />}>
      <Page />
    </Suspense>
  );
}
