import {
  SHARE_CARD_SIZE,
  SITE_NAME,
  clip,
  markdownToPlain,
  neutralLine,
  shareTypeLabel,
} from '@core-vault/contracts';

/** What a card shows: only fields of a public artifact (version). */
export interface CardSubject {
  title: string;
  type: string;
  description: string;
  version: number;
}

/** The decisions of a card, apart from how it is drawn (see share-card.layout.spec.ts). */
export interface CardText {
  title: string;
  titleSize: number;
  line: string;
  /** The line is the artifact's own description (else a neutral line, in a muted colour). */
  ownLine: boolean;
  badge: string;
  version: string;
}

const TITLE_MAX = 110;
const LINE_MAX = 160;

/** Long titles get smaller type so that three lines hold them; longer ones are clipped. */
export function titleSize(title: string): number {
  const n = Array.from(title).length;
  return n <= 24 ? 80 : n <= 48 ? 66 : n <= 80 ? 54 : 44;
}

export function cardText(subject: CardSubject): CardText {
  const title = clip(subject.title.replace(/\s+/g, ' ').trim() || 'Untitled artifact', TITLE_MAX);
  const own = markdownToPlain(subject.description);
  return {
    title,
    titleSize: titleSize(title),
    line: own ? clip(own, LINE_MAX) : neutralLine(subject.type),
    ownLine: own !== '',
    badge: shareTypeLabel(subject.type),
    version: `Version ${subject.version}`,
  };
}

/** A node of satori's element tree (what JSX would make), without JSX. */
export interface CardNode {
  type: string;
  props: { style?: Record<string, string | number>; children?: string | CardNode | CardNode[] };
}

const el = (style: Record<string, string | number>, children?: CardNode['props']['children']): CardNode => ({
  type: 'div',
  props: { style: { display: 'flex', ...style }, ...(children === undefined ? {} : { children }) },
});

const COLOURS = {
  background: '#0b1220',
  panel: '#111a2e',
  text: '#f8fafc',
  muted: '#94a3b8',
  accent: '#38bdf8',
  badge: '#1e293b',
} as const;

/** The 1200×630 card: brand and type badge on top, the title, the line, the version at the foot. */
export function cardTree(text: CardText, fontFamily = 'Inter'): CardNode {
  return el(
    {
      width: SHARE_CARD_SIZE.width,
      height: SHARE_CARD_SIZE.height,
      flexDirection: 'column',
      justifyContent: 'space-between',
      padding: '64px 72px',
      backgroundColor: COLOURS.background,
      backgroundImage: `linear-gradient(135deg, ${COLOURS.background} 0%, ${COLOURS.panel} 100%)`,
      color: COLOURS.text,
      fontFamily,
      // The card is exactly its width and height, padding included.
      boxSizing: 'border-box',
    },
    [
      el({ justifyContent: 'space-between', alignItems: 'center' }, [
        el({ fontSize: 34, fontWeight: 700, color: COLOURS.accent }, SITE_NAME),
        el(
          {
            fontSize: 28,
            fontWeight: 600,
            padding: '10px 24px',
            borderRadius: 999,
            backgroundColor: COLOURS.badge,
            color: COLOURS.text,
          },
          text.badge,
        ),
      ]),
      el({ flexDirection: 'column', flexGrow: 1, justifyContent: 'center', overflow: 'hidden' }, [
        el(
          {
            fontSize: text.titleSize,
            fontWeight: 700,
            lineHeight: 1.15,
            maxHeight: text.titleSize * 1.15 * 3,
            overflow: 'hidden',
          },
          text.title,
        ),
        el(
          {
            marginTop: 28,
            fontSize: 32,
            lineHeight: 1.35,
            maxHeight: 32 * 1.35 * 2,
            overflow: 'hidden',
            color: text.ownLine ? '#cbd5e1' : COLOURS.muted,
          },
          text.line,
        ),
      ]),
      el({ justifyContent: 'space-between', fontSize: 26, color: COLOURS.muted }, [
        el({}, text.version),
        el({}, 'Shared artifact'),
      ]),
    ],
  );
}
