import { type AgentError } from './agent-messages';

/** Errors the runner can meet at run time (kept in step with document/errors.ts by agent.spec.ts). */
export const runnerErrors = {
  libraryLoad: (message: string): AgentError => ({
    title: 'Setup Error',
    message: `A library could not be loaded: ${message}`,
    tips: ['Reload the page.', 'If it keeps failing, the renderer may be updating: try again in a minute.'],
  }),
  moduleError: (message: string): AgentError => ({
    title: 'Setup Error',
    message: `The component failed while loading: ${message}`,
    tips: [
      'Code outside the component runs once at load: check top-level statements.',
      'Network requests and browser storage may be unavailable inside the sandbox.',
    ],
  }),
  notFound: (): AgentError => ({
    title: 'Component Not Found',
    message: 'No React component was found in this artifact.',
    tips: [
      'Make sure your component has a default export: export default function App() { … }',
      'Or name your component App and export it.',
      'The component must be a function (or class) that returns JSX.',
    ],
  }),
  render: (message: string): AgentError => ({
    title: 'Render Error',
    message: `The component threw an error while rendering: ${message}`,
    tips: [
      'The component is rendered without props: give every prop a default value.',
      'Guard values that may be undefined before reading their properties.',
      'Network requests (fetch) are blocked inside the sandbox: use data inside the component.',
    ],
  }),
};

interface Reporter {
  rendered: () => void;
  error: (error: AgentError) => void;
}

type Module = Record<string, unknown>;
type Factory = (require: (id: string) => unknown, exports: Module, module: { exports: Module }) => void;

declare global {
  interface Window {
    __coreVaultFactory?: Factory;
  }
}

interface ReactLike {
  createElement: (type: unknown, props?: unknown, ...children: unknown[]) => unknown;
  useEffect: (effect: () => void, deps: unknown[]) => void;
  Component: new (props: unknown) => { props: { children?: unknown }; state: unknown };
}

const message = (err: unknown) => (err instanceof Error ? err.message : String(err));

/** CommonJS view of an ES module namespace, the way sucrase's interop helpers expect it. */
function interop(namespace: Module): Module {
  const copy: Module = Object.assign(Object.create(null) as Module, namespace);
  copy['__esModule'] = true;
  if (!('default' in namespace)) copy['default'] = namespace;
  return copy;
}

const isComponent = (value: unknown): boolean =>
  typeof value === 'function' || (typeof value === 'object' && value !== null && '$$typeof' in value);

/** A plain class (a canvas `Particle`, a `Vector`) is not a component; React classes are. */
const isLocalComponent = (value: unknown): boolean =>
  isComponent(value) &&
  !(
    typeof value === 'function' &&
    /^class\b/.test(Function.prototype.toString.call(value)) &&
    !(value.prototype as { isReactComponent?: unknown } | undefined)?.isReactComponent
  );

/**
 * The default export, else `App` (exported or only declared), else the first exported
 * capitalised component, else the last top-level capitalised component the file declares
 * (artifacts put their main component last). `locals` comes from prepareReact's tail.
 */
export function findComponent(exports: Module, locals: Module = {}): unknown {
  if (isComponent(exports['default'])) return exports['default'];
  if (isComponent(exports['App'])) return exports['App'];
  if (isLocalComponent(locals['App'])) return locals['App'];
  const exported = Object.entries(exports).find(([name, value]) => /^[A-Z]/.test(name) && isComponent(value));
  if (exported) return exported[1];
  return Object.entries(locals)
    .reverse()
    .find(([name, value]) => /[a-z]/.test(name) && isLocalComponent(value))?.[1];
}

/** Shows an error box in place of the component and reports it. */
function fail(report: Reporter, error: AgentError): void {
  const root = document.getElementById('root') ?? document.body;
  const box = document.createElement('section');
  box.className = 'cv-error';
  box.setAttribute('role', 'alert');
  const h = document.createElement('h2');
  h.textContent = `⚠️ ${error.title}`;
  const p = document.createElement('p');
  p.textContent = error.message;
  const ul = document.createElement('ul');
  for (const tip of error.tips) {
    const li = document.createElement('li');
    li.textContent = tip;
    ul.appendChild(li);
  }
  box.append(h, p, ul);
  const style = document.createElement('style');
  style.textContent =
    '.cv-error{max-width:640px;margin:24px auto;padding:20px 24px;border:1px solid #e5a50a;border-radius:12px;background:#fff8e6;color:#1c2333;font:15px/1.5 system-ui,sans-serif}.cv-error h2{margin:0 0 8px;font-size:1.15rem}.cv-error ul{margin:8px 0 0;padding-left:20px;color:#5b6478}';
  root.replaceChildren(style, box);
  report.error(error);
}

/** Runs the React artifact prepared in #cv-react: load its libraries, evaluate, render. */
export async function runReact(report: Reporter): Promise<void> {
  const data = document.getElementById('cv-react')?.textContent;
  if (!data) return;
  const { code, imports } = JSON.parse(data) as { code: string; imports: string[] };

  const registry = new Map<string, Module>();
  try {
    // Bare specifiers resolve through the document's import map to /vendor/*.js.
    const loaded = await Promise.all(imports.map((id) => import(/* @vite-ignore */ id) as Promise<Module>));
    imports.forEach((id, i) => registry.set(id, interop(loaded[i] as Module)));
  } catch (err) {
    return fail(report, runnerErrors.libraryLoad(message(err)));
  }
  const require = (id: string): unknown => {
    const found = registry.get(id);
    if (found) return found;
    if (/\.(css|scss|sass|less)$/.test(id)) return {};
    throw new Error(`Cannot find module '${id}'`);
  };

  // An inline script element (allowed by the renderer's CSP, unlike eval) defines the factory.
  let syntaxError: unknown = null;
  const onError = (e: ErrorEvent) => {
    syntaxError = (e.error as unknown) ?? e.message;
  };
  window.addEventListener('error', onError);
  const el = document.createElement('script');
  el.textContent = `window.__coreVaultFactory = function (require, exports, module) {\n${code}\n};`;
  document.head.appendChild(el);
  window.removeEventListener('error', onError);
  const factory = window.__coreVaultFactory;
  if (!factory)
    return fail(report, runnerErrors.moduleError(message(syntaxError ?? 'the code could not be evaluated')));

  const module: { exports: Module; locals?: Module } = { exports: {} };
  try {
    factory(require, module.exports, module);
  } catch (err) {
    return fail(report, runnerErrors.moduleError(message(err)));
  }
  const Component = findComponent(module.exports, module.locals);
  if (!Component) return fail(report, runnerErrors.notFound());

  const React = registry.get('react')?.['default'] as ReactLike;
  const { createRoot } = registry.get('react-dom/client') as {
    createRoot: (el: Element, options: object) => { render: (node: unknown) => void; unmount: () => void };
  };
  const container = document.getElementById('root') as HTMLElement;
  let failed = false;
  const onRenderError = (error: unknown) => {
    if (failed) return;
    failed = true;
    queueMicrotask(() => {
      root.unmount();
      fail(report, runnerErrors.render(message(error)));
    });
  };
  const root = createRoot(container, { onUncaughtError: onRenderError, onRecoverableError: () => undefined });
  function Committed(props: { children?: unknown }) {
    React.useEffect(() => {
      if (!failed) report.rendered();
    }, []);
    return props.children;
  }
  try {
    root.render(React.createElement(Committed, null, React.createElement(Component)));
  } catch (err) {
    onRenderError(err);
  }
}
