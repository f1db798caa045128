import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Resvg as ResvgClass } from '@resvg/resvg-js';
import type satoriFn from 'satori';
import { SHARE_CARD_SIZE } from '@core-vault/contracts';
import { type CardNode } from './share-card.layout';

type SatoriFont = { name: string; data: Buffer; weight: 400 | 600 | 700; style: 'normal' };

/** Inter's subsets: Latin first, then the scripts a title may well be written in. */
const SUBSETS = ['latin', 'latin-ext', 'cyrillic', 'cyrillic-ext', 'greek', 'vietnamese'] as const;
const WEIGHTS = [400, 600, 700] as const;

/**
 * The card's font-family: one family per subset, in order. satori picks one font per family and
 * weight, so same-named subsets would never be reached; a list of families falls back per glyph.
 */
export const CARD_FONT_FAMILY = SUBSETS.map((subset) => `Inter ${subset}`).join(', ');

/** Inter (woff; satori reads no woff2) from @fontsource/inter, read once when the service starts. */
export function loadInterFonts(): SatoriFont[] {
  const dir = join(dirname(require.resolve('@fontsource/inter/package.json')), 'files');
  return SUBSETS.flatMap((subset) =>
    WEIGHTS.map((weight) => ({
      name: `Inter ${subset}`,
      data: readFileSync(join(dir, `inter-${subset}-${weight}-normal.woff`)),
      weight,
      style: 'normal' as const,
    })),
  );
}

interface Engines {
  satori: typeof satoriFn;
  Resvg: typeof ResvgClass;
}

/**
 * The card as a PNG: satori lays it out as SVG (text as paths), resvg rasterises it. Both load
 * with the first card, not with the service: together they hold about 26 MiB resident, and most
 * of the service's work (writes, imports, reads) never draws a card.
 */
export class ShareCardRenderer {
  private engines: Promise<Engines> | undefined;

  constructor(private readonly fonts: SatoriFont[]) {}

  private load(): Promise<Engines> {
    this.engines ??= Promise.all([import('satori'), import('@resvg/resvg-js')]).then(([s, r]) => ({
      satori: s.default,
      Resvg: r.Resvg,
    }));
    return this.engines;
  }

  async render(tree: CardNode): Promise<Buffer> {
    const { satori, Resvg } = await this.load();
    // satori's own types expect a React element; the object tree is what JSX would have made.
    const svg = await satori(tree as unknown as Parameters<typeof satori>[0], {
      ...SHARE_CARD_SIZE,
      fonts: this.fonts,
    });
    return new Resvg(svg, { fitTo: { mode: 'original' }, font: { loadSystemFonts: false } }).render().asPng();
  }
}
