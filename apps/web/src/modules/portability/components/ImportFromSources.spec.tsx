import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { json, stubFetch } from '../../../test-support';
import { ImportFromSources } from './ImportFromSources';

const HASH = 'a'.repeat(64);
const preview = {
  source: 'claude',
  fileHash: HASH,
  items: [
    {
      index: 0,
      title: 'Budget Dashboard',
      type: 'REACT',
      size: 120,
      hash: 'h0',
      origin: 'Budget dashboard',
      duplicate: null,
      error: null,
      note: null,
    },
    {
      index: 1,
      title: 'Round logo',
      type: 'SVG',
      size: 90,
      hash: 'h1',
      origin: 'Logo',
      duplicate: 'existing',
      error: null,
      note: null,
    },
    {
      index: 2,
      title: 'Huge page',
      type: 'HTML',
      size: 0,
      hash: '',
      origin: 'Logo',
      duplicate: null,
      error: 'Too large: 600,000 characters; an artifact holds at most 500,000.',
      note: null,
    },
  ],
  counts: { total: 3, importable: 1, duplicates: 1, errors: 1 },
};
const ndjson = (lines: unknown[]) =>
  new Response(lines.map((l) => `${JSON.stringify(l)}\n`).join(''), {
    status: 200,
    headers: { 'content-type': 'application/x-ndjson' },
  });
const report = {
  imported: 1,
  skippedDuplicates: 1,
  failed: 1,
  failures: [{ index: 2, title: 'Huge page', reason: 'Too large.' }],
  ids: ['n1'],
  durationMs: 5,
  writeMs: 2,
};

const choose = (file: File) =>
  fireEvent.change(screen.getByTestId('import-source-file'), { target: { files: [file] } });

describe('ImportFromSources', () => {
  it('previews an export (nothing written), then imports with the preview’s hash and shows the report', async () => {
    const calls = stubFetch((url) => {
      if (url.includes('/import-sources/preview')) return json(200, preview);
      if (url.includes('/import-sources/run'))
        return ndjson([{ progress: { done: 0, total: 1 } }, { progress: { done: 1, total: 1 } }, { report }]);
      return undefined;
    });
    render(<ImportFromSources />);
    const file = new File(['PK…'], 'claude-export.zip', { type: 'application/zip' });
    choose(file);

    const table = await screen.findByRole('table', { name: 'What will be imported' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      rows.map((r) =>
        within(r)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      ),
    ).toEqual([
      ['Budget Dashboard', 'REACT', 'Budget dashboard', 'New'],
      ['Round logo', 'SVG', 'Logo', 'Skipped: already in your vault'],
      [
        'Huge page',
        'HTML',
        'Logo',
        'Not imported: Too large: 600,000 characters; an artifact holds at most 500,000.',
      ],
    ]);
    expect(screen.getByText(/1 new of 3 found · 1 duplicates · 1 with errors/)).toBeTruthy();
    // The preview sent the file itself, not JSON; nothing else was called.
    expect(calls).toHaveLength(1);
    expect(calls[0]?.url).toContain('source=claude');
    expect(calls[0]?.url).toContain('filename=claude-export.zip');
    expect((calls[0]?.init.headers as Record<string, string>)['Content-Type']).toBe(
      'application/octet-stream',
    );
    expect(calls[0]?.init.body).toBe(file);

    fireEvent.click(screen.getByRole('button', { name: 'Import 1 artifact' }));
    await screen.findByText('Imported 1 · skipped 1 duplicates · failed 1');
    expect(screen.getByRole('list', { name: 'Not imported' }).textContent).toContain('Huge page: Too large.');
    expect(calls[1]?.url).toContain(`expect=${HASH}`);
    expect(calls[1]?.init.body).toBe(file);
  });

  it('shows the service’s reason for a file it refuses', async () => {
    stubFetch((url) =>
      url.includes('/import-sources/preview')
        ? json(400, {
            statusCode: 400,
            code: 'IMPORT_UNREADABLE',
            message: 'The zip entry "../x" has an unsafe path: refused.',
          })
        : undefined,
    );
    render(<ImportFromSources />);
    choose(new File(['x'], 'evil.zip'));
    await screen.findByText('The zip entry "../x" has an unsafe path: refused.');
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('says so when the run ends without its report', async () => {
    stubFetch((url) => {
      if (url.includes('/import-sources/preview')) return json(200, preview);
      if (url.includes('/import-sources/run')) return ndjson([{ progress: { done: 0, total: 1 } }]);
      return undefined;
    });
    render(<ImportFromSources />);
    choose(new File(['[]'], 'conversations.json'));
    fireEvent.click(await screen.findByRole('button', { name: 'Import 1 artifact' }));
    await screen.findByText(/stopped before its report/);
  });

  it('sends a gist URL for the service to fetch', async () => {
    const calls = stubFetch((url) =>
      url.includes('/import-sources/preview') ? json(200, { ...preview, source: 'gist' }) : undefined,
    );
    render(<ImportFromSources />);
    fireEvent.change(screen.getByRole('combobox'), { target: { value: 'gist' } });
    fireEvent.change(screen.getByLabelText('Gist URL'), {
      target: { value: 'https://gist.github.com/octocat/aa5a315d61ae9438b18d' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Preview gist' }));
    await screen.findByRole('table');
    await waitFor(() =>
      expect(calls[0]?.url).toContain('gist=https%3A%2F%2Fgist.github.com%2Foctocat%2Faa5a315d61ae9438b18d'),
    );
    expect(calls[0]?.init.body).toBeUndefined();
  });
});
