import { reactSecurityWarning } from './react-security';

const SIZE = 500_000;
const BOUND_MS = 1_000;

describe('reactSecurityWarning', () => {
  it('still finds script tags however they are spaced', () => {
    for (const source of ['<script>', '< / script >', '</SCRIPT>', '<\n\tscript src=x>'])
      expect(reactSecurityWarning(source)).toBe('The component contains a script tag.');
    expect(reactSecurityWarning('a < b && c / d; const scripted = 1')).toBeNull();
  });

  it.each([
    ["'<' then spaces", `<${' '.repeat(SIZE - 1)}`],
    ["'< /' then spaces", `< /${' '.repeat(SIZE - 3)}`],
    ["'[ ' runs", '[ '.repeat(SIZE / 2)],
    ["'document ' runs", 'document '.repeat(SIZE / 9)],
  ])('checks %s (500,000 characters) in linear time', (_name, source) => {
    const start = performance.now();
    expect(reactSecurityWarning(source)).toBeNull();
    expect(performance.now() - start).toBeLessThan(BOUND_MS);
  });
});
