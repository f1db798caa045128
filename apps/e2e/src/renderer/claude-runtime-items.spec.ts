import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RUNTIME_DIR, loadRuntimeCorpus } from './claude-runtime-items';

const sha = (text: string) => createHash('sha256').update(text).digest('hex');

const entry = (id: string, file: string, extra: Record<string, unknown> = {}) => ({
  id,
  file,
  type: 'HTML',
  title: id,
  source: { repo: 'someone/repo', path: 'a.html', commit: 'c0ffee', licence: 'MIT' },
  features: [],
  runtime: { storage: 'personal' },
  ...extra,
});

describe('the Claude-runtime corpus loader', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'cv-runtime-corpus-'));
    mkdirSync(join(dir, 'items'));
    mkdirSync(join(dir, 'own'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('skips published items that are absent or changed, naming how to restore them, and keeps own items', () => {
    writeFileSync(join(dir, 'items', 'here.html'), 'published bytes');
    writeFileSync(join(dir, 'items', 'changed.html'), 'edited bytes');
    writeFileSync(join(dir, 'own', 'mine.html'), 'our bytes');
    writeFileSync(
      join(dir, 'runtime.json'),
      JSON.stringify([
        entry('here', 'items/here.html', { sha256: sha('published bytes') }),
        entry('gone', 'items/gone.html', { sha256: sha('x') }),
        entry('changed', 'items/changed.html', { sha256: sha('published bytes') }),
      ]),
    );
    writeFileSync(
      join(dir, 'own.json'),
      JSON.stringify([
        entry('mine', 'own/mine.html', {
          source: {
            repo: 'core-vault',
            path: 'own/mine.html',
            commit: null,
            licence: 'written for this suite',
          },
        }),
      ]),
    );
    const { items, unavailable } = loadRuntimeCorpus(dir);
    expect(items.map((i) => [i.id, i.origin, i.content])).toEqual([
      ['here', 'published', 'published bytes'],
      ['mine', 'own', 'our bytes'],
    ]);
    expect(unavailable.map((u) => u.id)).toEqual(['gone', 'changed']);
    expect(unavailable[0]!.why).toContain('absent');
    expect(unavailable[1]!.why).toContain('not the published file');
    expect(unavailable[0]!.restore).toBe(
      `fetch github:someone/repo, then: git show c0ffee:"a.html" > ${join(dir, 'items/gone.html')}`,
    );
  });

  it('refuses a missing own file and an id listed twice', () => {
    writeFileSync(join(dir, 'own.json'), JSON.stringify([entry('mine', 'own/mine.html')]));
    expect(() => loadRuntimeCorpus(dir)).toThrow(/own items are committed/);
    writeFileSync(join(dir, 'own', 'mine.html'), 'x');
    writeFileSync(join(dir, 'runtime.json'), JSON.stringify([entry('mine', 'items/mine.html')]));
    expect(() => loadRuntimeCorpus(dir)).toThrow(/listed twice/);
  });

  it('has at least six committed own items, each with its file, covering shared, personal and AI', () => {
    const own = loadRuntimeCorpus(RUNTIME_DIR).items.filter((i) => i.origin === 'own');
    expect(own.length).toBeGreaterThanOrEqual(6);
    for (const item of own) {
      expect(item.source).toMatchObject({
        repo: 'core-vault',
        commit: null,
        licence: 'written for this suite',
      });
      expect(item.content.length).toBeLessThan(9_000);
      if (item.runtime.storage) expect(item.interaction && item.persisted).toBeTruthy();
      if (item.runtime.ai) expect(item.ai?.promptIncludes && item.ai.shows).toBeTruthy();
    }
    const kinds = new Set(own.map((i) => `${i.type}:${i.runtime.storage ?? i.runtime.ai}`));
    for (const kind of [
      'REACT:shared',
      'REACT:personal',
      'REACT:complete',
      'HTML:shared',
      'HTML:personal',
      'HTML:complete',
    ])
      expect(kinds).toContain(kind);
  });
});
