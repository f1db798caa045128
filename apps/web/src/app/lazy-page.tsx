import { type ComponentType, type ReactNode, Suspense, lazy } from 'react';
import { Spinner } from '../components/ui';

/**
 * Route-level code splitting: each page is its own chunk, loaded when first visited. `fallback`
 * shows while it loads (a spinner unless the page reserves its own shape).
 */
export function lazyPage<K extends string>(
  load: () => Promise<Record<K, ComponentType>>,
  name: K,
  fallback: ReactNode = <Spinner />,
) {
  const Page = lazy<ComponentType>(() => load().then((m) => ({ default: m[name] })));
  return (
    <Suspense fallback={fallback}>
      <Page />
    </Suspense>
  );
}
