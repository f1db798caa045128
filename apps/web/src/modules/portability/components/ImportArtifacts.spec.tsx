import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { PORTABILITY_LIMITS } from '@core-vault/contracts';
import { json, stubFetch } from '../../../test-support';
import { ImportArtifacts } from './ImportArtifacts';

type Call = { url: string; init: RequestInit };

const artifact = (i: number, over: Record<string, unknown> = {}) => ({
  id: `src-${i}`,
  title: `Artifact ${i}`,
  type: 'MARKDOWN',
  content: `# ${i}`,
  viewCount: 3,
  versions: [],
  ...over,
});
const exportFile = (artifacts: unknown[], complete = true) =>
  new File(
    [JSON.stringify({ exportedAt: '2026-11-24T00:00:00Z', artifacts, notes: [], complete })],
    'export.json',
    {
      type: 'application/json',
    },
  );
const sentItems = (c: Call) =>
  (JSON.parse(typeof c.init.body === 'string' ? c.init.body : '{}') as { artifacts: { id: string }[] })
    .artifacts;

/**
 * The import endpoint: imports every artifact it is sent, except the ids in `failing` (stored:
 * 'failed') and, while `down` is set, answers 503 to the whole request.
 */
function stubImport(opts: { failing?: string[]; down?: () => boolean } = {}) {
  return stubFetch((url, init) => {
    if (!url.endsWith('/api/v1/artifacts/import')) return undefined;
    if (opts.down?.())
      return json(503, {
        statusCode: 503,
        code: 'SERVICE_UNAVAILABLE',
        message: 'The service is temporarily unavailable. Please try again.',
      });
    const results = sentItems({ url, init }).map((a, index) => {
      const failed = opts.failing?.includes(a.id) ?? false;
      return {
        index,
        sourceId: a.id,
        title: a.id,
        status: failed ? 'failed' : 'imported',
        id: failed ? null : `new-${a.id}`,
        versions: failed ? 0 : 1,
        omittedVersions: 0,
        message: failed ? 'It could not be stored. Nothing of it was kept; please try again.' : null,
      };
    });
    return json(200, { results });
  });
}

const choose = (file: File) =>
  fireEvent.change(screen.getByTestId('import-file'), { target: { files: [file] } });
const imports = (calls: Call[]) => calls.filter((c) => c.url.endsWith('/api/v1/artifacts/import'));

afterEach(() => vi.unstubAllGlobals());

describe('ImportArtifacts', () => {
  it('sends the artifacts in requests of at most 20 and says when all are imported', async () => {
    const calls = stubImport();
    render(<ImportArtifacts />);
    choose(exportFile(Array.from({ length: 45 }, (_, i) => artifact(i))));
    expect(await screen.findByText('All 45 artifacts were imported into your account.')).toBeInTheDocument();
    expect(imports(calls).map((c) => sentItems(c).length)).toEqual([20, 20, 5]);
    // Counters of the exported account are not sent: the import starts them at zero.
    expect(sentItems(imports(calls)[0] as Call)[0]).not.toHaveProperty('viewCount');
    expect(PORTABILITY_LIMITS.importRequestMaxArtifacts).toBe(20);
  });

  it('names what failed with the reason, never counts it, and retries only that', async () => {
    let down = true;
    const calls = stubImport({ failing: ['src-1'], down: () => down });
    render(<ImportArtifacts />);
    choose(exportFile([artifact(0), artifact(1), artifact(2, { content: '   ' })]));

    const alert = await screen.findByRole('alert');
    expect(screen.getByRole('status')).toHaveTextContent('Imported 0 of 3 artifacts');
    const failed = within(alert).getByRole('list', { name: 'Not imported' });
    expect(
      within(failed)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'Artifact 2: content: Content is required.',
      'Artifact 0: The service is temporarily unavailable. Please try again.',
      'Artifact 1: The service is temporarily unavailable. Please try again.',
    ]);

    down = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry failed' }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Imported 1 of 3 artifacts'));
    expect(sentItems(imports(calls).at(-1) as Call).map((a) => a.id)).toEqual(['src-0', 'src-1']);
    const after = within(await screen.findByRole('alert')).getByRole('list', { name: 'Not imported' });
    expect(
      within(after)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'Artifact 2: content: Content is required.',
      'Artifact 1: It could not be stored. Nothing of it was kept; please try again.',
    ]);
  });

  it('sends each artifact alone when the service refuses a request, so the good ones still land', async () => {
    const calls = stubFetch((url, init) => {
      if (!url.endsWith('/api/v1/artifacts/import')) return undefined;
      const items = sentItems({ url, init });
      if (items.some((a) => a.id === 'src-1'))
        return json(400, {
          statusCode: 400,
          code: 'VALIDATION_FAILED',
          message: `Artifact ${items.length === 1 ? 1 : 2}: refused`,
        });
      return json(200, {
        results: items.map((a, index) => ({
          index,
          sourceId: a.id,
          title: a.id,
          status: 'imported',
          id: 'n',
          versions: 1,
          omittedVersions: 0,
          message: null,
        })),
      });
    });
    render(<ImportArtifacts />);
    choose(exportFile([artifact(0), artifact(1), artifact(2)]));
    const alert = await screen.findByRole('alert');
    expect(screen.getByRole('status')).toHaveTextContent('Imported 2 of 3 artifacts');
    expect(within(alert).getByRole('listitem')).toHaveTextContent('Artifact 1: Artifact 1: refused');
    // The file's own mistakes cannot be retried; a refused artifact can.
    expect(imports(calls)).toHaveLength(4);
  });

  it('says when a file is not an export, and sends nothing', async () => {
    const calls = stubImport();
    render(<ImportArtifacts />);
    choose(new File(['{"hello":1}'], 'x.json'));
    expect(await screen.findByRole('alert')).toHaveTextContent('This file is not a Core Vault export.');
    expect(imports(calls)).toEqual([]);
  });

  it('warns that an incomplete export can only restore what it holds', async () => {
    stubImport();
    render(<ImportArtifacts />);
    choose(exportFile([artifact(0)], false));
    expect(await screen.findByText('All 1 artifact was imported into your account.')).toBeInTheDocument();
    expect(screen.getByText(/This export was incomplete when it was made/)).toBeInTheDocument();
  });
});
