import { cardText, cardTree, titleSize } from './share-card.layout';

const subject = { title: 'Quarterly plan', type: 'REACT', description: '', version: 3 };

describe('share card layout', () => {
  it('shows the title, the type badge, the brand and the version', () => {
    const text = cardText(subject);
    expect(text).toMatchObject({ title: 'Quarterly plan', badge: 'React', version: 'Version 3' });
    const json = JSON.stringify(cardTree(text));
    expect(json).toContain('"Core Vault"');
    expect(json).toContain('"Quarterly plan"');
    expect(json).toContain('"Version 3"');
  });

  it('uses the description as plain text, else a neutral line about the type (never the content)', () => {
    expect(
      cardText({ ...subject, description: 'A **bold** plan with [a link](https://x.test)' }),
    ).toMatchObject({
      line: 'A bold plan with a link',
      ownLine: true,
    });
    expect(cardText(subject)).toMatchObject({
      line: 'A React artifact shared on Core Vault.',
      ownLine: false,
    });
  });

  it('gives long titles smaller type and clips very long ones at a word', () => {
    expect(titleSize('Short')).toBeGreaterThan(titleSize('A title of some forty characters or more!'));
    expect(titleSize('x'.repeat(200))).toBe(44);
    const long = cardText({ ...subject, title: 'word '.repeat(60) });
    expect(Array.from(long.title).length).toBeLessThanOrEqual(110);
    expect(long.title.endsWith('…')).toBe(true);
  });

  it('keeps hostile and unicode titles as text (satori draws them; nothing is markup)', () => {
    const title = '"</title><script>alert(1)</script> Ünïcødé 🚀';
    const text = cardText({ ...subject, title });
    expect(text.title).toBe(title);
    expect(titleSize(title)).toBe(66);
  });

  it('is exactly 1200×630 with its padding (border-box), in the fonts it is given', () => {
    const root = cardTree(cardText(subject), 'Inter latin, Inter cyrillic');
    expect(root.props.style).toMatchObject({
      width: 1200,
      height: 630,
      boxSizing: 'border-box',
      fontFamily: 'Inter latin, Inter cyrillic',
    });
  });

  it('names an untitled artifact and an unknown type neutrally', () => {
    expect(cardText({ ...subject, title: '   ', type: 'UNKNOWN' })).toMatchObject({
      title: 'Untitled artifact',
      badge: 'Text',
    });
  });
});
