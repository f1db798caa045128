import { detectArtifactType } from './detect';

const SIZE = 500_000;
const BOUND_MS = 1_000;
const fill = (unit: string) => unit.repeat(Math.floor(SIZE / unit.length));

describe('detectArtifactType on adversarial text', () => {
  it.each([
    ["'<' then spaces", `<${' '.repeat(SIZE - 1)}`],
    ["'type A' then spaces", `type A${' '.repeat(SIZE)}`],
    ["'interface A' then spaces", `interface A${' '.repeat(SIZE)}`],
    ["'interface A extends' runs", fill('interface A extends ')],
    ["'interface A <' runs", fill('interface A <')],
    ["'type A <' runs", fill('type A <')],
    ["a declaration, then 'return' and spaces", `type A = string;\nreturn${' '.repeat(SIZE)}`],
  ])('%s (500,000 characters) in linear time', (_name, content) => {
    const start = performance.now();
    detectArtifactType(content);
    expect(performance.now() - start).toBeLessThan(BOUND_MS);
  });

  it('detects the same declarations as before', () => {
    const pad = '// a TypeScript module with enough text to be detected\n';
    expect(detectArtifactType(`${pad}interface Props extends Base<string> {\n a: T }`)).toBe('TYPESCRIPT');
    expect(detectArtifactType(`${pad}type Pair   =   [A, B];`)).toBe('TYPESCRIPT');
    expect(
      detectArtifactType(`${pad}type Row = { id: number };\nfunction f() { return   (\n  <div/>) }`),
    ).toBe('REACT');
  });
});
