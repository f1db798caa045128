import { type CapturedDraft } from '../capture';
import { isArtifactInput } from './artifact';
import { toSaveItem } from './drafts';

const draft = (title: string): CapturedDraft => ({
  key: 'k1',
  kind: 'code-block',
  title,
  type: 'HTML',
  content: '<p>hello</p>',
  metadata: { source: { site: 'web', capturedAt: '2026-11-25T00:00:00.000Z', kind: 'code-block' } },
});

describe('toSaveItem', () => {
  it('makes a valid create body that keeps the provenance, under the capture key', () => {
    const item = toSaveItem(draft('  Pricing table '));
    expect(item.key).toBe('k1');
    expect(item.artifact).toEqual({
      title: 'Pricing table',
      type: 'HTML',
      content: '<p>hello</p>',
      metadata: { source: { site: 'web', capturedAt: '2026-11-25T00:00:00.000Z', kind: 'code-block' } },
    });
    expect(isArtifactInput(item.artifact)).toBe(true);
  });

  it('bounds the title to 200 characters and names an untitled draft', () => {
    expect(toSaveItem(draft('x'.repeat(250))).artifact.title).toHaveLength(200);
    expect(toSaveItem(draft('   ')).artifact.title).toBe('Untitled');
  });
});
