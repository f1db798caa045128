import { IMPORT_TEXTS, readExportFile } from './import-file';

const a = (i: number, over: Record<string, unknown> = {}) => ({
  id: `a${i}`,
  title: `T${i}`,
  type: 'HTML',
  content: `<p>${i}</p>`,
  ...over,
});

describe('readExportFile', () => {
  it('reads the data export document and keeps only what the import uses', () => {
    const r = readExportFile(
      JSON.stringify({ account: {}, artifacts: [a(0, { viewCount: 9 })], complete: true }),
    );
    if (!r.ok) throw new Error(r.message);
    expect(r.valid).toEqual([
      { index: 0, title: 'T0', item: { id: 'a0', title: 'T0', type: 'HTML', content: '<p>0</p>' } },
    ]);
    expect(r).toMatchObject({ invalid: [], incomplete: false });
  });

  it('reads the artifacts NDJSON export; without its trailer it is incomplete', () => {
    const lines = `${JSON.stringify(a(0))}\n${JSON.stringify(a(1))}\n`;
    const whole = readExportFile(`${lines}{"end":{"count":2,"totalViews":0}}\n`);
    const cut = readExportFile(lines);
    expect(whole.ok && whole.valid.length === 2 && !whole.incomplete).toBe(true);
    expect(cut.ok && cut.incomplete).toBe(true);
  });

  it('names a bad artifact by its title (or position) with the field and the reason', () => {
    const r = readExportFile(
      JSON.stringify({ artifacts: [a(0), { ...a(1), content: '' }, { type: 'PDF', content: 'x' }] }),
    );
    if (!r.ok) throw new Error(r.message);
    expect(r.valid.map((v) => v.index)).toEqual([0]);
    expect(r.invalid).toEqual([
      { index: 1, title: 'T1', reason: 'content: Content is required.' },
      { index: 2, title: 'Artifact 3', reason: expect.stringMatching(/^title: /) },
    ]);
  });

  it.each([
    ['not JSON at all', 'hello'],
    ['JSON without artifacts', '{"items":[]}'],
    ['a list', '[1,2]'],
  ])('refuses a file that is %s', (_, text) => {
    expect(readExportFile(text)).toEqual({ ok: false, message: IMPORT_TEXTS.notAnExport });
  });

  it('says when the export has no artifacts', () => {
    expect(readExportFile('{"artifacts":[]}')).toEqual({ ok: false, message: IMPORT_TEXTS.empty });
  });
});
