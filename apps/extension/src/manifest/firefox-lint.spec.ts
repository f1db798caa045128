import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

// The real build and Mozilla's linter (web-ext is ESM-only: it runs in a child Node process).
const script = join(__dirname, '../../scripts/lint-firefox.mjs');

interface LintReport {
  folder: string;
  zips: { chromium: string; firefox: string };
  errors: { code: string; message: string }[];
  warnings: { code: string; message: string }[];
}

describe('the Firefox build', () => {
  const out = mkdtempSync(join(tmpdir(), 'cv-extension-spec-'));
  afterAll(() => rmSync(out, { recursive: true, force: true }));

  it('passes web-ext lint with no errors, and both zips are written', async () => {
    let stdout: string;
    try {
      ({ stdout } = await promisify(execFile)(process.execPath, [script, '--out', out], { timeout: 60_000 }));
    } catch (err) {
      // exit 1 = lint errors: show them
      const failed = err as { stdout?: string; stderr?: string };
      throw new Error(`web-ext lint failed:\n${failed.stdout ?? ''}\n${failed.stderr ?? ''}`);
    }
    const report = JSON.parse(stdout) as LintReport;
    expect(report.errors).toEqual([]);
    const manifest = JSON.parse(readFileSync(join(report.folder, 'manifest.json'), 'utf8')) as Record<
      string,
      unknown
    >;
    expect(manifest.background).toEqual({ scripts: ['background.js'] });
    for (const zip of Object.values(report.zips)) {
      const bytes = readFileSync(zip);
      expect(bytes.subarray(0, 4)).toEqual(Buffer.from([0x50, 0x4b, 0x03, 0x04]));
      expect(bytes.includes(Buffer.from('manifest.json'))).toBe(true);
      expect(bytes.includes(Buffer.from('background.js'))).toBe(true);
    }
  }, 60_000);
});
