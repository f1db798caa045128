/**
 * The agent: a small classic script that runs first inside every artifact document (frame and
 * embed). It reports height and sizing mode, readiness and errors to the app (frame mode only, to the exact
 * parent origin), gives opaque-origin documents an in-memory storage, and runs React artifacts.
 * It imports nothing from the contracts (that would pull zod into every embed); agent.spec.ts
 * checks its messages against the zod schemas instead.
 */
import {
  type AgentError,
  type AgentMessage,
  agentMessage,
  embedHeightMessage,
  isEmbedAsk,
} from './agent-messages';
import { keepBrandOutOfTheWay } from './brand-placement';
import { installClaudeRuntime, showAiOffNotice } from './claude-runtime';
import { installNavigationGuard, showNavigationBlocked } from './navigation-guard';
import { embedTransport, originLocalStorage, parentTransport } from './runtime-transports';
import { runReact } from './react-runner';
import {
  PROBE_TIMEOUT_MS,
  type Report,
  SETTLE_CAP_MS,
  SETTLE_MS,
  SizingClassifier,
  contentHeight,
} from './sizing';
import { installPersistedStorage, installStorageShim } from './storage-shim';
import { reportEmbedView } from './view-beacon';

declare global {
  interface Window {
    __coreVault?: { runReact: () => void };
  }
}

const script = document.currentScript as HTMLScriptElement | null;
const mode = script?.dataset['mode'] === 'frame' ? 'frame' : 'embed';
const parentOrigin = script?.dataset['parent'];
const runtimeApi = script?.dataset['runtime'];
// An embed whose height is automatic tells the embedding page its height (embed-resizer.ts).
const autosize = mode === 'embed' && script?.dataset['autosize'] === '1';
const framed = window.parent !== window;

function post(message: AgentMessage): void {
  if (mode !== 'frame' || !framed || !parentOrigin) return;
  window.parent.postMessage(message, parentOrigin);
}

/** Called once the document has rendered (or failed to): frame sizing may settle after it. */
const renderedListeners: (() => void)[] = [];
const renderDone = () => renderedListeners.splice(0).forEach((listener) => listener());

const report = {
  rendered: () => {
    post(agentMessage({ kind: 'rendered' }));
    renderDone();
  },
  error: (error: AgentError) => {
    post(agentMessage({ kind: 'error', error }));
    renderDone();
  },
};

/** The storage the app kept for this artifact, written before the agent by the frame shell. */
function storageSeed(): Record<string, string> {
  try {
    const raw = document.getElementById('cv-storage')?.textContent;
    const parsed: unknown = raw ? JSON.parse(raw) : {};
    return typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, string>) : {};
  } catch {
    return {};
  }
}

// The origin's real storage, before the frame's localStorage is replaced: where an anonymous
// viewer's window.storage data lives (runtime-transports.ts).
const originStorage = originLocalStorage(window);

if (mode === 'frame' && framed)
  installPersistedStorage(storageSeed(), (items) => post(agentMessage({ kind: 'storage', items })));
else installStorageShim();

// Before any artifact code: navigations away from this origin are stopped (navigation-guard.ts).
installNavigationGuard(window, (destination) => showNavigationBlocked(document, destination));

// Claude's artifact runtime: through the app in its frame, through the vault's API in an embed.
const transport =
  mode === 'frame' && framed && parentOrigin
    ? parentTransport(window, parentOrigin, originStorage)
    : runtimeApi
      ? embedTransport(runtimeApi, originStorage, window.fetch.bind(window))
      : null;
if (transport)
  installClaudeRuntime(window, { transport, onAiOff: (message) => showAiOffNotice(document, message) });

/**
 * Height and sizing mode (sizing.ts), measured once per frame after anything that can change
 * them: the document's boxes (ResizeObserver), the frame's height (resize), late loads.
 */
function watchHeight(send: (report: Report) => void): void {
  const classifier = new SizingClassifier();
  let scheduled = false;
  // Shrinking waits for load, the first render and SETTLE_MS (sizing.ts), or SETTLE_CAP_MS.
  let settledAt = performance.now() + SETTLE_CAP_MS;
  let loaded = document.readyState === 'complete';
  let rendered = false;
  const settleSoon = () => {
    if (!loaded || !rendered) return;
    settledAt = Math.min(settledAt, performance.now() + SETTLE_MS);
    setTimeout(schedule, SETTLE_MS + 20);
  };
  renderedListeners.push(() => {
    rendered = true;
    settleSoon();
  });
  window.addEventListener('load', () => {
    loaded = true;
    settleSoon();
  });
  const measure = () => {
    scheduled = false;
    const now = performance.now();
    const report = classifier.sample({ v: window.innerHeight, c: contentHeight() }, now, now >= settledAt);
    if (report) send(report);
    if (classifier.probing) setTimeout(schedule, PROBE_TIMEOUT_MS + 50);
  };
  const schedule = () => {
    if (scheduled) return;
    scheduled = true;
    const run = () => {
      if (scheduled) measure();
    };
    requestAnimationFrame(run);
    // Browsers pause the animation frames of an iframe out of sight (an embed below the fold,
    // which the embed script is to size): a timer still runs there.
    setTimeout(run, 200);
  };
  const observer = new ResizeObserver(schedule);
  observer.observe(document.documentElement);
  if (document.body) observer.observe(document.body);
  else document.addEventListener('DOMContentLoaded', () => document.body && observer.observe(document.body));
  // Out-of-flow boxes added later change neither box above.
  new MutationObserver(schedule).observe(document, { childList: true, subtree: true });
  window.addEventListener('resize', schedule);
  window.addEventListener('load', schedule);
  setTimeout(schedule, SETTLE_CAP_MS + 20);
}

function onReady(): void {
  // An embed counts its view (the brand link it needs is in the document by now); in the app the
  // SPA counts it.
  if (mode === 'embed') {
    try {
      reportEmbedView(document);
    } catch {
      // Counting never stands in the way of showing the artifact.
    }
    keepBrandOutOfTheWay(window);
  }
  const errorData = document.getElementById('cv-error');
  if (errorData?.textContent) {
    try {
      report.error(JSON.parse(errorData.textContent) as AgentError);
    } catch {
      // malformed error block: nothing to report
    }
    return;
  }
  if (!document.getElementById('cv-react')) report.rendered();
}

window.__coreVault = {
  runReact: () => {
    void runReact(report);
  },
};

// In the app's frame: height and mode to the app. In an embed: only with an automatic height, to
// whatever page frames it (its origin is unknown; the height of a public artifact is all it
// learns), where the embed script may follow it. A pinned height is the iframe's: nothing is sent.
if (mode === 'frame' && framed) watchHeight((report) => post(agentMessage({ kind: 'height', ...report })));
else if (autosize && framed) {
  let last: Report | null = null;
  const send = (report: Report) => {
    last = report;
    window.parent.postMessage(embedHeightMessage(report), '*');
  };
  watchHeight(send);
  // The embed script may start after this document reported (it loads beside the iframe): it asks.
  window.addEventListener('message', (event) => {
    if (event.source === window.parent && last && isEmbedAsk(event.data)) send(last);
  });
}
if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', onReady);
else onReady();
