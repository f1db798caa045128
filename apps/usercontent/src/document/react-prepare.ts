import { reactSecurityWarning, type RenderError } from '@core-vault/contracts';
import { renderErrors } from './errors';
import { REACT_RUNTIME, canonicalSpecifier, isReactLibrary } from './libraries';

/** sucrase's `transform`, injected: the frame loads it lazily, the server imports it. */
export type TransformFn = (
  code: string,
  options: {
    transforms: ('jsx' | 'typescript' | 'imports')[];
    jsxRuntime: 'automatic';
    production: boolean;
    filePath: string;
  },
) => { code: string };

export type PreparedReact =
  { ok: true; code: string; imports: string[]; tailwind: boolean } | { ok: false; error: RenderError };

const REQUIRE = /\brequire\(\s*(['"])([^'"]+)\1\s*\)/g;
/** Style sheet imports cannot be served; they are ignored rather than refused. */
const IGNORED_IMPORT = /\.(css|scss|sass|less)$/;
/** Top-level (unindented) capitalised declarations: components an artifact may forget to export. */
const TOP_LEVEL_DECLARATION =
  /^(?:export\s+)?(?:default\s+)?(?:async\s+)?(?:function\*?|class|const|let|var)\s+([A-Z][\w$]*)/gm;

/**
 * Claude-style artifacts often just declare `function App()` (or `const Dashboard = () => …`)
 * without exporting it. The factory also hands the runner those top-level bindings as
 * `module.locals`; `typeof` keeps an undeclared name from throwing.
 */
function localsTail(source: string): string {
  const names = [...new Set([...source.matchAll(TOP_LEVEL_DECLARATION)].map((m) => m[1] as string))];
  if (!names.length) return '';
  const entries = names.map((n) => `${n}: typeof ${n} === 'undefined' ? undefined : ${n}`);
  return `\nmodule.locals = { ${entries.join(', ')} };`;
}

/**
 * Checks and transpiles React source into a CommonJS factory body and lists the libraries it
 * needs. The source runs only in the renderer's sandbox; nothing here executes it.
 */
export function prepareReact(
  source: string,
  transform: TransformFn,
  serviceWarning: string | null = null,
): PreparedReact {
  const warning = serviceWarning ?? reactSecurityWarning(source);
  if (warning) return { ok: false, error: renderErrors.security(warning) };
  let code: string;
  try {
    code = transform(source, {
      transforms: ['jsx', 'typescript', 'imports'],
      jsxRuntime: 'automatic',
      production: true,
      filePath: 'Component.tsx',
    }).code;
  } catch (err) {
    return { ok: false, error: renderErrors.syntax(err instanceof Error ? err.message : String(err)) };
  }
  // `components/ui/button.tsx` and friends become the specifier the import map knows.
  code = code.replace(REQUIRE, (whole, quote: string, specifier: string) => {
    const canonical = canonicalSpecifier(specifier);
    return canonical === specifier ? whole : `require(${quote}${canonical}${quote})`;
  });
  code += localsTail(source);
  const imports = new Set<string>(REACT_RUNTIME);
  const unknown: string[] = [];
  for (const match of code.matchAll(REQUIRE)) {
    const specifier = match[2] as string;
    if (IGNORED_IMPORT.test(specifier)) continue;
    if (isReactLibrary(specifier)) imports.add(specifier);
    else if (!unknown.includes(specifier)) unknown.push(specifier);
  }
  if (unknown.length) return { ok: false, error: renderErrors.unknownImport(unknown) };
  // shadcn components are styled by Tailwind even when the artifact passes no className itself.
  const tailwind = /\bclassName\s*=/.test(source) || [...imports].some((i) => i.startsWith('@/'));
  return { ok: true, code, imports: [...imports], tailwind };
}
