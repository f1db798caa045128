import { useEffect, useState } from 'react';
import { THUMBNAIL_SIZES, thumbnailRoute } from '@core-vault/contracts';
import { api } from '../../../lib/api/client';
import { ApiError } from '../../../lib/api/errors';

/** While the thumbnailer works, ask again after 3, 6, 12, 24 s, then keep the placeholder. */
const RETRY_DELAYS_MS = [3_000, 6_000, 12_000, 24_000];

const isPending = (err: unknown) => err instanceof ApiError && err.code === 'THUMBNAIL_PENDING';

/**
 * The card's picture of the artifact's current version (docs/thumbnails.md), fetched with the
 * session like every private read (an <img src> would carry no token), shown from a blob URL. A
 * placeholder stands in while the picture is made, and for good when none could be.
 */
export function ArtifactThumbnail({ id, version, type }: { id: string; version: number; type: string }) {
  const [src, setSrc] = useState<string | null>(null);

  useEffect(() => {
    let cancelled = false;
    let url: string | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const load = async (attempt: number) => {
      try {
        const res = await api.send(thumbnailRoute.get, {
          params: { id },
          query: { size: 'card', v: String(version) },
        });
        const blob = await res.blob();
        if (cancelled) return;
        url = URL.createObjectURL(blob);
        setSrc(url);
      } catch (err) {
        const delay = RETRY_DELAYS_MS[attempt];
        if (!cancelled && isPending(err) && delay !== undefined)
          timer = setTimeout(() => void load(attempt + 1), delay);
      }
    };
    setSrc(null);
    void load(0);
    return () => {
      cancelled = true;
      clearTimeout(timer);
      if (url) URL.revokeObjectURL(url);
    };
  }, [id, version]);

  const { width, height } = THUMBNAIL_SIZES.card;
  return src ? (
    <img
      className="ac-thumb"
      src={src}
      alt=""
      width={width}
      height={height}
      data-testid="artifact-thumbnail"
    />
  ) : (
    <div className="ac-thumb ac-thumb-placeholder" aria-hidden="true" data-testid="thumbnail-placeholder">
      {type}
    </div>
  );
}
