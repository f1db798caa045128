import { useEffect } from 'react';
import { useLocation, useParams } from 'react-router-dom';
import { embedUrl } from '../renderer-origin';

/**
 * /embed/{id} on the app's origin: embeds are served by the renderer origin itself (the app
 * refuses to be framed and the embed must not load the SPA), so this only forwards there.
 */
export function EmbedRedirect() {
  const { id } = useParams();
  const { search } = useLocation();
  useEffect(() => {
    if (id) window.location.replace(embedUrl(id, search));
  }, [id, search]);
  return <p style={{ fontFamily: 'system-ui, sans-serif', padding: 16 }}>Opening the embedded artifact…</p>;
}
