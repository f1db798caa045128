import { AUTO_HIGHLIGHT_MAX_CHARS, highlightOnServer } from './node-renderers';

describe('highlightOnServer', () => {
  it('guesses the language of a small block without one', () => {
    expect(highlightOnServer('const x = 1;', undefined)).toContain('hljs-');
  });

  it('leaves a block without a language that is too large to guess as plain text, at once', () => {
    const code = 'a < b; '.repeat(AUTO_HIGHLIGHT_MAX_CHARS);
    const start = performance.now();
    expect(highlightOnServer(code, undefined)).toBeNull();
    expect(performance.now() - start).toBeLessThan(100);
  });

  it('still highlights a large block that names its language', () => {
    expect(highlightOnServer('const x = 1;\n'.repeat(2_000), 'typescript')).toContain('hljs-keyword');
  });
});
