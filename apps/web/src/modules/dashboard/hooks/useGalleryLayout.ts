import { useCallback, useState } from 'react';
import { localStore } from '../../../lib/storage';

export type GalleryLayout = 'grid' | 'list';

/** A browser preference (not the person's data): it stays after Sign Out, like the theme. */
export const LAYOUT_KEY = 'cv.dashboard-layout';

const read = (): GalleryLayout => (localStore.get(LAYOUT_KEY) === 'list' ? 'list' : 'grid');

/** Grid of thumbnail cards or a compact list (#36.2), remembered in this browser. */
export function useGalleryLayout() {
  const [layout, setLayout] = useState<GalleryLayout>(read);
  const choose = useCallback((next: GalleryLayout) => {
    localStore.set(LAYOUT_KEY, next);
    setLayout(next);
  }, []);
  return { layout, choose };
}
