/**
 * The agent: a small classic script that runs first inside every artifact document (frame and
 * embed). It reports height, readiness and errors to the app (frame mode only, to the exact
 * parent origin), gives opaque-origin documents an in-memory storage, and runs React artifacts.
 * It imports nothing from the contracts (that would pull zod into every embed); agent.spec.ts
 * checks its messages against the zod schemas instead.
 */
import { type AgentError, type AgentMessage, agentMessage } from './agent-messages';
import { runReact } from './react-runner';
import { installPersistedStorage, installStorageShim } from './storage-shim';

declare global {
  interface Window {
    __coreVault?: { runReact: () => void };
  }
}

const script = document.currentScript as HTMLScriptElement | null;
const mode = script?.dataset['mode'] === 'frame' ? 'frame' : 'embed';
const parentOrigin = script?.dataset['parent'];
const framed = window.parent !== window;

function post(message: AgentMessage): void {
  if (mode !== 'frame' || !framed || !parentOrigin) return;
  window.parent.postMessage(message, parentOrigin);
}

const report = {
  rendered: () => post(agentMessage({ kind: 'rendered' })),
  error: (error: AgentError) => post(agentMessage({ kind: 'error', error })),
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

if (mode === 'frame' && framed)
  installPersistedStorage(storageSeed(), (items) => post(agentMessage({ kind: 'storage', items })));
else installStorageShim();

/** Height: the document's own height, posted when it changes; a runaway (100vh + margin) is frozen. */
function watchHeight(): void {
  let last = -1;
  let growthStreak = 0;
  let streakStart = 0;
  let frozen = false;
  let scheduled = false;
  const measure = () => {
    scheduled = false;
    const html = document.documentElement;
    const height = Math.ceil(Math.max(html.getBoundingClientRect().height, document.body?.scrollHeight ?? 0));
    if (height === last) return;
    if (height > last && last >= 0) {
      const now = performance.now();
      if (now - streakStart > 1500) {
        streakStart = now;
        growthStreak = 0;
      }
      growthStreak += 1;
      if (growthStreak > 12) frozen = true;
      if (frozen) return;
    }
    last = height;
    post(agentMessage({ kind: 'height', height }));
  };
  const schedule = () => {
    if (scheduled) return;
    scheduled = true;
    requestAnimationFrame(measure);
  };
  const observer = new ResizeObserver(schedule);
  observer.observe(document.documentElement);
  if (document.body) observer.observe(document.body);
  else document.addEventListener('DOMContentLoaded', () => document.body && observer.observe(document.body));
  window.addEventListener('load', schedule);
}

function onReady(): void {
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

watchHeight();
if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', onReady);
else onReady();
