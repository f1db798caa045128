import { SHARE_CACHE, SHARE_MAX_AGE_MS, clearShared, readShared, sharedUpload } from './share-target';
import { fakeCaches } from './share-target.fake';

const fields = (over: Record<string, unknown> = {}) =>
  JSON.stringify({
    title: '',
    text: '',
    url: '',
    fileName: null,
    fileTooLarge: false,
    sharedAt: Date.now(),
    ...over,
  });

describe('the shared item (Web Share Target)', () => {
  it('reads what the worker kept — fields and file — and leaves it until cleared', async () => {
    const { storage, stores } = fakeCaches({
      '/share-target/shared/fields': fields({ title: 'Report', fileName: 'report.html' }),
      '/share-target/shared/file': '<!doctype html><p>Q3</p>',
    });
    const item = await readShared(storage);
    expect(item).toEqual({
      title: 'Report',
      text: '',
      url: '',
      file: { name: 'report.html', content: '<!doctype html><p>Q3</p>' },
      fileTooLarge: false,
    });
    expect(await readShared(storage)).toEqual(item);
    await clearShared(storage);
    expect(stores.has(SHARE_CACHE)).toBe(false);
    expect(await readShared(storage)).toBeNull();
  });

  it('deletes unread an item left longer than half an hour (a shared device: not for the next person)', async () => {
    const sharedAt = Date.UTC(2026, 0, 1);
    const { storage, stores } = fakeCaches({
      '/share-target/shared/fields': fields({ text: 'hi', sharedAt }),
    });
    expect(await readShared(storage, sharedAt + SHARE_MAX_AGE_MS)).toMatchObject({ text: 'hi' });
    expect(await readShared(storage, sharedAt + SHARE_MAX_AGE_MS + 1)).toBeNull();
    expect(stores.has(SHARE_CACHE)).toBe(false);
  });

  it('finds nothing where nothing was shared, where there is no Cache Storage, or in a broken entry', async () => {
    expect(await readShared(fakeCaches(null).storage)).toBeNull();
    expect(await readShared(undefined)).toBeNull();
    expect(await readShared(fakeCaches({ '/share-target/shared/fields': '{not json' }).storage)).toBeNull();
    await expect(clearShared(undefined)).resolves.toBeUndefined();
  });

  it('fills the form from a file: its content, its name as the title, the type by its extension', () => {
    const form = sharedUpload({
      title: '',
      text: 'ignored when a file came',
      url: '',
      file: { name: 'notes.md', content: '# Notes\n\n- one' },
      fileTooLarge: false,
    });
    expect(form).toMatchObject({
      title: 'notes',
      content: '# Notes\n\n- one',
      type: 'MARKDOWN',
      isPublic: false,
    });
  });

  it('fills the form from text, adding the address unless the text holds it, the type detected', () => {
    const page = {
      title: 'A page',
      text: 'Look at this',
      url: 'https://example.com/a',
      file: null,
      fileTooLarge: false,
    };
    expect(sharedUpload(page)).toMatchObject({
      title: 'A page',
      content: 'Look at this\n\nhttps://example.com/a',
      type: 'HTML',
    });
    expect(sharedUpload({ ...page, text: 'See https://example.com/a' }).content).toBe(
      'See https://example.com/a',
    );
    expect(sharedUpload({ ...page, text: '' }).content).toBe('https://example.com/a');
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><circle r="4" cx="5" cy="5"/></svg>';
    expect(sharedUpload({ ...page, text: svg, url: '' }).type).toBe('SVG');
    expect(sharedUpload({ ...page, title: 'x'.repeat(500) }).title.length).toBeLessThanOrEqual(200);
  });
});
