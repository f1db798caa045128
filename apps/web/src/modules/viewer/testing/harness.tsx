/**
 * A build entry with only the viewer's routes, for the browser tests (apps/e2e/src/renderer):
 * the same components, vite config, renderer origin and headers as the app, without depending
 * on the rest of the SPA. `#session=<user id>&token=<t>` plays a signed-in user.
 */
import { type ArtifactType } from '@core-vault/contracts';
import { StrictMode, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider, createBrowserRouter } from 'react-router-dom';
import { ArtifactPreview } from '../components/ArtifactPreview';
import { EmbedRedirect } from '../components/EmbedRedirect';
import { ViewPage } from '../components/ViewPage';
import { ANONYMOUS_SESSION, type ViewerSession, ViewerSessionContext } from '../session';

function PreviewPage() {
  const [type, setType] = useState<ArtifactType>('HTML');
  const [content, setContent] = useState('');
  return (
    <main>
      <select aria-label="Type" value={type} onChange={(e) => setType(e.target.value as ArtifactType)}>
        {['HTML', 'REACT', 'MARKDOWN', 'SVG', 'TYPESCRIPT', 'UNKNOWN'].map((t) => (
          <option key={t}>{t}</option>
        ))}
      </select>
      <textarea aria-label="Content" rows={15} value={content} onChange={(e) => setContent(e.target.value)} />
      <ArtifactPreview type={type} content={content} />
    </main>
  );
}

const router = createBrowserRouter([
  { path: '/view', element: <ViewPage /> },
  { path: '/view/:id', element: <ViewPage /> },
  { path: '/dashboard/view/:id', element: <ViewPage /> },
  { path: '/embed/:id', element: <EmbedRedirect /> },
  { path: '/preview', element: <PreviewPage /> },
]);

// In the fragment: it never reaches a server (a token in a query string is refused, TOKEN_IN_URL).
const params = new URLSearchParams(window.location.hash.slice(1));
const userId = params.get('session');
const session: ViewerSession = userId
  ? { loading: false, user: { id: userId }, accessToken: params.get('token') }
  : ANONYMOUS_SESSION;

createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <ViewerSessionContext.Provider value={session}>
      <RouterProvider router={router} />
    </ViewerSessionContext.Provider>
  </StrictMode>,
);
