import {
  activityLabel,
  authorLabel,
  changeSummary,
  fieldList,
  foldLabel,
  restoredFromLabel,
  sizeLabel,
} from './history-labels';

describe('history labels', () => {
  it('names the caller "You"', () => {
    expect(authorLabel('usr_1', 'usr_1')).toBe('You');
    expect(authorLabel('usr_2', 'usr_1')).toBe('Another account');
    expect(authorLabel(null, 'usr_1')).toBeNull();
  });

  it('counts characters and lines in words', () => {
    expect(sizeLabel(1)).toBe('1 character');
    expect(sizeLabel(500000)).toBe('500,000 characters');
    expect(changeSummary(1, 2)).toBe('1 line added, 2 removed');
    expect(foldLabel(240)).toBe('… 240 unchanged lines');
    expect(restoredFromLabel(2)).toBe('Restored from version 2');
  });

  it('lists changed fields in words', () => {
    expect(fieldList(['title'])).toBe('title');
    expect(fieldList(['title', 'tags'])).toBe('title and tags');
    expect(fieldList(['title', 'description', 'isPublic'])).toBe('title, description and visibility');
    expect(fieldList(['isPublic', 'publishedVersions'])).toBe('visibility and which versions are public');
  });

  it('describes each kind of activity', () => {
    expect(activityLabel({ kind: 'created', fields: [], version: 1 })).toBe('Created (version 1)');
    expect(activityLabel({ kind: 'edited', fields: ['description', 'tags'], version: null })).toBe(
      'Changed description and tags',
    );
    expect(activityLabel({ kind: 'version', fields: ['content'], version: 3 })).toBe(
      'Version 3: changed content',
    );
    expect(activityLabel({ kind: 'restored', fields: [], version: 4 })).toBe(
      'Restored an earlier version as version 4',
    );
  });
});
