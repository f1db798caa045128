import { type FontsIndex, googleFontsCss } from './google-fonts';

const face = (id: string, key: string) => `/mirror/@fontsource/${id}@5.3.0/files/${id}-latin-${key}.woff2`;
const FONTS: FontsIndex = {
  inter: {
    family: 'Inter',
    faces: Object.fromEntries(
      ['300-normal', '400-normal', '400-italic', '700-normal', '700-italic'].map((k) => [
        k,
        face('inter', k),
      ]),
    ),
  },
  roboto: { family: 'Roboto', faces: { '400-normal': face('roboto', '400-normal') } },
  'open-sans': {
    family: 'Open Sans',
    faces: { '400-normal': face('open-sans', '400-normal'), '700-normal': face('open-sans', '700-normal') },
  },
};

const css2 = (q: string) => googleFontsCss('css2', new URLSearchParams(q), FONTS);
const faces = (css: string) =>
  [...css.matchAll(/font-family:'([^']+)';font-style:(\w+);font-weight:(\d+)/g)].map(
    (m) => `${m[1]} ${m[3]} ${m[2]}`,
  );

describe('Google Fonts CSS from the mirror', () => {
  it('css2: the weights asked for, each family, display kept', () => {
    const css = css2('family=Inter:wght@400;700&family=Roboto&display=swap');
    expect(faces(css)).toEqual(['Inter 400 normal', 'Inter 700 normal', 'Roboto 400 normal']);
    expect(css).toContain(`src:url(${face('inter', '700-normal')}) format('woff2')`);
    expect(css).toContain('font-display:swap');
  });

  it('css2: italics and weight ranges', () => {
    expect(faces(css2('family=Inter:ital,wght@0,400;1,700'))).toEqual([
      'Inter 400 normal',
      'Inter 700 italic',
    ]);
    expect(faces(css2('family=Inter:wght@100..500'))).toEqual(['Inter 300 normal', 'Inter 400 normal']);
  });

  it('css v1: "Open+Sans:400,700|Inter:400italic"', () => {
    const css = googleFontsCss('css', new URLSearchParams('family=Open+Sans:400,700|Inter:400italic'), FONTS);
    expect(faces(css)).toEqual(['Open Sans 400 normal', 'Open Sans 700 normal', 'Inter 400 italic']);
  });

  it('leaves out families and weights the mirror does not have, without failing', () => {
    expect(faces(css2('family=Comic+Neue&family=Roboto:wght@900&family=Inter'))).toEqual([
      'Inter 400 normal',
    ]);
    expect(css2('family=Nope:wght@x;;')).toBe('\n');
    expect(css2('family=Inter&display=</style>')).toContain('font-display:swap');
  });
});
