/**
 * The renderer shell (/frame): waits for one `render` message from the app that framed it —
 * exact parent origin, the parent window as source, a valid message — builds the artifact's
 * document (loading highlight.js, sucrase or marked only when the artifact needs them) and
 * replaces itself with it. Artifact code therefore runs only here, on the artifact's own origin.
 */
import { type RenderRequest, frameMessage, renderRequestSchema } from '@core-vault/contracts';
import { buildArtifactDocument, documentNeeds } from '../document/build-document';
import { REACT_LIBRARIES, REACT_RUNTIME, RENDERER_VENDOR, vendorUrl } from '../document/libraries';
import { type TransformFn, prepareReact } from '../document/react-prepare';

interface HljsModule {
  default: {
    getLanguage: (name: string) => unknown;
    highlight: (code: string, options: { language: string; ignoreIllegals: boolean }) => { value: string };
    highlightAuto: (code: string) => { value: string };
  };
}

const load = <T>(url: string): Promise<T> => import(/* @vite-ignore */ url) as Promise<T>;

const parentOrigin = document.querySelector<HTMLMetaElement>('meta[name="cv-parent-origin"]')?.content ?? '';
/**
 * The artifact this origin belongs to ('' on a throwaway preview origin), checked by the server
 * against the host: the shell renders that artifact only, so no other artifact's code can be
 * brought onto this origin (a frame that navigated itself here cannot ask the app for its own).
 */
const boundArtifact = document.querySelector<HTMLMetaElement>('meta[name="cv-artifact"]')?.content ?? '';

async function buildDocument(request: RenderRequest): Promise<string> {
  const { artifact, theme } = request;
  const needs = documentNeeds(artifact);
  const [hljs, sucrase, marked] = await Promise.all([
    needs.highlight ? load<HljsModule>(RENDERER_VENDOR.highlight).then((m) => m.default) : undefined,
    needs.react ? load<{ transform: TransformFn }>(RENDERER_VENDOR.sucrase) : undefined,
    needs.markdown
      ? load<{ marked: { parse: (s: string, o: object) => string } }>(RENDERER_VENDOR.marked)
      : undefined,
  ]);
  return buildArtifactDocument(artifact, {
    mode: 'frame',
    theme,
    parentOrigin,
    ...(request.storage ? { storage: request.storage } : {}),
    ...(hljs
      ? {
          highlight: (code, language) =>
            language && hljs.getLanguage(language)
              ? hljs.highlight(code, { language, ignoreIllegals: true }).value
              : hljs.highlightAuto(code).value,
        }
      : {}),
    ...(marked
      ? { markdown: (source: string) => marked.marked.parse(source, { async: false, gfm: true }) }
      : {}),
    ...(sucrase
      ? { react: prepareReact(artifact.content, sucrase.transform, artifact.securityWarning) }
      : {}),
  });
}

let started = false;

async function onMessage(event: MessageEvent): Promise<void> {
  if (started || event.source !== window.parent || event.origin !== parentOrigin) return;
  const parsed = renderRequestSchema.safeParse(event.data);
  if (!parsed.success || (parsed.data.artifact.id ?? '') !== boundArtifact) return;
  started = true;
  window.removeEventListener('message', listener);
  const html = await buildDocument(parsed.data);
  // Replaces this shell; the written document starts with the agent, which takes over reporting.
  document.open();
  document.write(html);
  document.close();
}

const listener = (event: MessageEvent) => void onMessage(event);

/**
 * A preview shell (the upload form boots one before anything is pasted, and keeps a spare) puts
 * the JSX compiler and the React runtime in the HTTP cache while it waits: most pasted artifacts
 * are React, and the document it writes then loads them from the cache instead of the network.
 * Plain fetches, not modulepreload: a module loaded here would make the browser refuse the
 * written document's import map.
 */
function preloadReact(): void {
  const urls = [
    RENDERER_VENDOR.sucrase,
    ...REACT_RUNTIME.map((name) => vendorUrl(REACT_LIBRARIES[name])),
    vendorUrl(REACT_LIBRARIES['react-dom']),
  ];
  for (const url of urls)
    void fetch(url, { credentials: 'same-origin' })
      .then((res) => res.arrayBuffer())
      .catch(() => undefined);
}

if (window.parent !== window && parentOrigin) {
  window.addEventListener('message', listener);
  if (!boundArtifact) preloadReact();
  window.parent.postMessage(frameMessage({ kind: 'ready' }), parentOrigin);
} else {
  document.body.textContent = 'This page shows artifacts inside Core Vault.';
}
