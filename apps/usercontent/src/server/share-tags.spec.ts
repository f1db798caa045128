import { withShareTags } from './pages';

const SIZE = 500_000;
const BOUND_MS = 1_000;

describe('withShareTags', () => {
  it('puts the tags right after the doctype and comments of an HTML artifact', () => {
    expect(withShareTags('<!-- a -->\n<!DOCTYPE html><p>x', '<meta>', true)).toBe(
      '<!-- a -->\n<!DOCTYPE html>\n<meta>\n<p>x',
    );
    expect(withShareTags('<p>x', '<meta>', true)).toBe('<!doctype html>\n<meta>\n<p>x');
  });

  it.each([
    ["'<!---->' runs, no doctype", '<!---->'.repeat(SIZE / 7)],
    ["'<!--' then spaces", `<!--${' '.repeat(SIZE)}`],
    ["'<' then spaces", `<${' '.repeat(SIZE - 1)}`],
    ['spaces, then comments and spaces', `${' '.repeat(SIZE / 2)}${'<!-- --> '.repeat(SIZE / 18)}`],
  ])('handles %s (500,000 characters) in linear time', (_name, html) => {
    const start = performance.now();
    withShareTags(html, '<meta>', true);
    expect(performance.now() - start).toBeLessThan(BOUND_MS);
  });
});
