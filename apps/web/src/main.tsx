// First: zod must not try `new Function` under the page's CSP (lib/zod-jitless.ts).
import './lib/zod-jitless';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider, createBrowserRouter } from 'react-router-dom';
import { routes } from './app/routes';
import { registerShareTarget } from './lib/service-worker';
import { SessionProvider } from './modules/auth';
import './app/base.css';

const container = document.getElementById('root');
if (!container) throw new Error('#root element missing from index.html');

// The session wraps the router so that every route (the viewer's too) can read the user.
createRoot(container).render(
  <StrictMode>
    <SessionProvider>
      <RouterProvider router={createBrowserRouter(routes)} />
    </SessionProvider>
  </StrictMode>,
);

registerShareTarget();
