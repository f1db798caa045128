/**
 * Google Fonts CSS answered from the mirror's @fontsource families: the same query
 * (css2: `family=Inter:wght@400;700&family=Roboto:ital,wght@0,400;1,700&display=swap`; css v1:
 * `family=Open+Sans:400,700italic|Lato`) gives @font-face rules for the asked weights and styles
 * that the family has, pointing at its latin woff2 files. A family the mirror does not have is
 * simply left out (the page's font stack falls back); nothing here is an error.
 */

/** fonts.json, written by scripts/build-mirror.mjs: id → family name and face ("400-italic") → URL. */
export type FontsIndex = Record<string, { family: string; faces: Record<string, string> }>;

interface Wanted {
  family: string;
  faces: Array<{ weight: number | [number, number]; style: 'normal' | 'italic' }>;
}

const id = (family: string) => family.trim().toLowerCase().replace(/\s+/g, '-');

function parseCss2(spec: string): Wanted {
  const [family = '', axes = ''] = spec.split(':');
  const m = /^([a-z,]+)@(.+)$/i.exec(axes);
  if (!m) return { family, faces: [{ weight: 400, style: 'normal' }] };
  const names = (m[1] ?? '').toLowerCase().split(',');
  const faces: Wanted['faces'] = [];
  for (const tuple of (m[2] ?? '').split(';')) {
    const values = tuple.split(',');
    const at = (n: string) => values[names.indexOf(n)];
    const w = at('wght');
    const range = /^(\d+)\.\.(\d+)$/.exec(w ?? '');
    faces.push({
      weight: range ? [Number(range[1]), Number(range[2])] : Number(w ?? 400) || 400,
      style: at('ital') === '1' ? 'italic' : 'normal',
    });
  }
  return { family, faces };
}

function parseCss1(spec: string): Wanted[] {
  return spec.split('|').map((one) => {
    const [family = '', variants] = one.split(':');
    const faces = (variants ?? '400').split(',').map((v) => {
      const m = /^(\d+)?\s*(i|italic)?$/i.exec(
        v
          .trim()
          .replace(/^regular$/i, '400')
          .replace(/^bold$/i, '700'),
      );
      return { weight: Number(m?.[1] ?? 400), style: m?.[2] ? ('italic' as const) : ('normal' as const) };
    });
    return { family, faces };
  });
}

/** The @font-face CSS for a css or css2 query. */
export function googleFontsCss(api: 'css' | 'css2', query: URLSearchParams, fonts: FontsIndex): string {
  const wanted =
    api === 'css2' ? query.getAll('family').map(parseCss2) : query.getAll('family').flatMap(parseCss1);
  const displayParam = query.get('display') ?? 'swap';
  const display = /^(auto|block|swap|fallback|optional)$/.test(displayParam) ? displayParam : 'swap';
  const rules: string[] = [];
  for (const w of wanted) {
    const font = fonts[id(w.family)];
    if (!font) continue;
    const seen = new Set<string>();
    for (const face of w.faces) {
      const [lo, hi] = Array.isArray(face.weight) ? face.weight : [face.weight, face.weight];
      for (const [key, url] of Object.entries(font.faces)) {
        const [weight, style] = key.split('-');
        if (style !== face.style || Number(weight) < lo || Number(weight) > hi || seen.has(key)) continue;
        seen.add(key);
        rules.push(
          `@font-face{font-family:'${font.family}';font-style:${style};font-weight:${weight};font-display:${display};src:url(${url}) format('woff2')}`,
        );
      }
    }
  }
  return rules.join('\n') + '\n';
}
