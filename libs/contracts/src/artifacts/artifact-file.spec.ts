import { ARTIFACT_FILE_TYPES, artifactFileName } from './artifact-file';

describe('artifactFileName', () => {
  it.each([
    ['Sales Dashboard', 'HTML', '', 'sales-dashboard.html'],
    ['Task manager', 'REACT', 'export default function App() { return <div/> }', 'task-manager.jsx'],
    ['Typed', 'REACT', 'interface Props { a: string }\nexport default function A(p: Props) {}', 'typed.tsx'],
    ['Notes: week 1', 'MARKDOWN', '', 'notes-week-1.md'],
    ['Logo', 'SVG', '', 'logo.svg'],
    ['utils', 'TYPESCRIPT', '', 'utils.ts'],
    ['raw', 'UNKNOWN', '', 'raw.txt'],
  ] as const)('%s (%s) → %s', (title, type, content, name) => {
    expect(artifactFileName(title, type, content)).toBe(name);
  });

  it('keeps letters of any script, drops path, quote and control characters', () => {
    expect(artifactFileName('../../etc/passwd', 'HTML')).toBe('etc-passwd.html');
    expect(artifactFileName('a"b\r\nc;d', 'HTML')).toBe('a-b-c-d.html');
    expect(artifactFileName('Über Café 東京', 'MARKDOWN')).toBe('über-café-東京.md');
    expect(artifactFileName('   ', 'SVG')).toBe('artifact.svg');
    expect(artifactFileName('!!!', 'HTML')).toBe('artifact.html');
  });

  it('bounds the name', () => {
    const name = artifactFileName('x'.repeat(200), 'HTML');
    expect(name).toBe(`${'x'.repeat(60)}.html`);
  });

  it('gives every type an extension and a media type', () => {
    for (const [type, file] of Object.entries(ARTIFACT_FILE_TYPES)) {
      expect(file.extension).toMatch(/^[a-z]+$/);
      expect(file.mediaType).toMatch(/^[a-z]+\/[a-z+.-]+$/);
      expect(artifactFileName('t', type as keyof typeof ARTIFACT_FILE_TYPES)).toMatch(/^t\.[a-z]+$/);
    }
  });
});
