/**
 * The Tailwind Play CDN (cdn.tailwindcss.com, v3) is answered by Tailwind v4's browser build,
 * which has no `tailwind.config`. Artifacts set it right after the script tag
 * (`tailwind.config = { theme: { extend: { colors: … } } }`): without a `tailwind` global that
 * line throws, and custom colours and fonts would be lost. This shim, inserted after the
 * rewritten script, provides the global and turns the common parts of the config (dark mode by
 * class, colours, fonts, font sizes, radii, shadows, spacing, breakpoints, animations and
 * keyframes) into a v4 `@theme` block, which the browser build picks up like any
 * `<style type="text/tailwindcss">`. `?plugins=` (forms, typography…) has no v4 browser
 * equivalent and is ignored.
 */
function shim(): void {
  type Tree = Record<string, unknown>;
  const kebab = (s: string) => s.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`).replace(/[^\w-]/g, '-');
  const vars = (prefix: string, value: unknown, out: string[]) => {
    if (typeof value === 'string' || typeof value === 'number') out.push(`--${prefix}: ${value};`);
    else if (Array.isArray(value)) out.push(`--${prefix}: ${String(value[0])};`);
    else if (value && typeof value === 'object')
      for (const [k, v] of Object.entries(value as Tree))
        vars(k === 'DEFAULT' ? prefix : `${prefix}-${kebab(k)}`, v, out);
  };
  const font = (v: unknown) =>
    (Array.isArray(v) ? (v as unknown[]) : [v])
      .map((f) => String(f))
      .map((f) => (/\s/.test(f) && !/^["']/.test(f) ? `"${f}"` : f))
      .join(', ');
  const apply = (config: Tree) => {
    const theme = (config.theme ?? {}) as Tree;
    const t: Tree = { ...theme, ...((theme.extend ?? {}) as Tree) };
    const out: string[] = [];
    const groups: Array<[string, string]> = [
      ['colors', 'color'],
      ['borderRadius', 'radius'],
      ['boxShadow', 'shadow'],
      ['spacing', 'spacing'],
      ['screens', 'breakpoint'],
      ['fontSize', 'text'],
      ['animation', 'animate'],
    ];
    for (const [key, prefix] of groups) if (t[key]) vars(prefix, t[key], out);
    for (const [k, v] of Object.entries((t.fontFamily ?? {}) as Tree))
      out.push(`--font-${kebab(k)}: ${font(v)};`);
    for (const [name, frames] of Object.entries((t.keyframes ?? {}) as Record<string, Tree>)) {
      const body = Object.entries(frames)
        .map(
          ([at, decl]) =>
            `${at}{${Object.entries(decl as Tree)
              .map(([p, v]) => `${kebab(p)}:${String(v)}`)
              .join(';')}}`,
        )
        .join('');
      out.push(`@keyframes ${name}{${body}}`);
    }
    const dark = config.darkMode;
    const byClass = dark === 'class' || dark === 'selector' || (Array.isArray(dark) && dark[0] === 'class');
    const css = `${byClass ? '@custom-variant dark (&:where(.dark, .dark *));\n' : ''}@theme {\n${out.join('\n')}\n}`;
    const style = document.createElement('style');
    style.setAttribute('type', 'text/tailwindcss');
    style.textContent = css;
    document.head.appendChild(style);
  };
  let current: Tree = {};
  const w = window as unknown as { tailwind?: unknown };
  w.tailwind = {
    get config() {
      return current;
    },
    set config(c: Tree) {
      current = c;
      try {
        apply(c);
      } catch {
        /* an odd config only loses its theme */
      }
    },
  };
}

export const TAILWIND_PLAY_SHIM = `<script>(${shim.toString()})()</script>`;
