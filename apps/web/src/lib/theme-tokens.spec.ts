import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

/**
 * The colour tokens of both themes (libs/ui-styles/tokens.css and dark.css): the dark set is the
 * same in its two blocks (an explicit choice and the system's), covers every colour token, and
 * the text the main screens draw on each background passes WCAG AA (4.5:1 for body text).
 */
const styles = resolve(__dirname, '../../../../libs/ui-styles');
const read = (file: string) => readFileSync(resolve(styles, file), 'utf8');

/** `--cv-name: #hex;` declarations of the first block after `selector`. */
function block(css: string, selector: string): Map<string, string> {
  const at = css.indexOf(selector);
  if (at < 0) throw new Error(`no ${selector}`);
  const body = css.slice(css.indexOf('{', at) + 1, css.indexOf('}', at));
  return new Map(
    [...body.matchAll(/(--cv-[\w-]+):\s*([^;]+);/g)].map((m) => [m[1] ?? '', (m[2] ?? '').trim()]),
  );
}

function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

const contrast = (a: string, b: string) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
};

/** Text token on background token, as the screens use them. */
const PAIRS: [string, string][] = [
  ['--cv-text', '--cv-bg'],
  ['--cv-text', '--cv-surface'],
  ['--cv-text', '--cv-input-bg'],
  ['--cv-text', '--cv-tint'],
  ['--cv-text', '--cv-tint-strong'],
  ['--cv-muted', '--cv-bg'],
  ['--cv-muted', '--cv-surface'],
  ['--cv-muted', '--cv-tint'],
  ['--cv-primary', '--cv-bg'],
  ['--cv-primary', '--cv-surface'],
  ['--cv-on-primary', '--cv-primary'],
  ['--cv-on-primary', '--cv-primary-dark'],
  ['--cv-red', '--cv-surface'],
  ['--cv-red', '--cv-red-bg'],
  ['--cv-green', '--cv-green-bg'],
  ['--cv-blue', '--cv-blue-bg'],
  ['--cv-amber', '--cv-amber-bg'],
  ['--cv-grey', '--cv-grey-bg'],
  ['--cv-inverse-text', '--cv-inverse-bg'],
];

const light = block(read('tokens.css'), ':root {');
const dark = read('dark.css');
const explicitDark = block(dark, ":root[data-theme='dark']");
const systemDark = block(dark, ":root:not([data-theme='light'])");
const isColour = (value: string) => /^#|^rgb/.test(value);

describe('the colour themes', () => {
  it('has one dark set, for the choice and for the system alike', () => {
    expect(systemDark).toEqual(explicitDark);
  });

  it('gives every light colour token a dark value', () => {
    const colours = [...light].filter(([, v]) => isColour(v)).map(([k]) => k);
    expect(colours.length).toBeGreaterThan(25);
    expect(colours.filter((k) => !explicitDark.has(k))).toEqual([]);
  });

  it.each([
    ['light', light],
    ['dark', explicitDark],
  ])('keeps text readable in the %s theme (WCAG AA, 4.5:1)', (_name, tokens) => {
    const failing = PAIRS.map(([fg, bg]) => {
      const ratio = contrast(tokens.get(fg) ?? '', tokens.get(bg) ?? '');
      return { fg, bg, ratio: Math.round(ratio * 100) / 100 };
    }).filter((p) => !(p.ratio >= 4.5));
    expect(failing).toEqual([]);
  });
});
