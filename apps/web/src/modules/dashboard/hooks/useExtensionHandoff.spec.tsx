import { QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { type Artifact } from '@core-vault/contracts';
import { createQueryClient } from '../../../lib/query';
import { json, stubFetch } from '../../../test-support';
import { ExtensionHandoff } from '../components/ExtensionHandoff';
import {
  PENDING_UPLOADS_EVENT,
  PENDING_UPLOADS_KEY,
  type PendingUpload,
  readFailedUploads,
  savePendingUploads,
} from '../pending-uploads';
import { HANDOFF_TEXTS } from '../pending-uploads-texts';
import { useExtensionHandoff } from './useExtensionHandoff';

const numbered = (n: number): PendingUpload => ({ title: `Item ${n}`, type: 'HTML', content: `<p>${n}</p>` });
const items = (n: number) => Array.from({ length: n }, (_, i) => numbered(i + 1));

const stored = (a: { title: string; type: string; content: string }) => ({
  id: `id-${a.title.replace(/\W/g, '')}`,
  title: a.title,
  type: a.type,
  content: a.content,
  rendered: a.content,
  renderError: null,
  securityWarning: null,
  metadata: { claudeVersion: 'unknown', extractedAt: '2025-01-01T00:00:00.000Z', size: a.content.length },
  isPublic: false,
  allowNetwork: false,
  tags: [],
  version: 1,
  latestVersion: 1,
  revision: 1,
  description: '',
  indexable: false,
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-01T00:00:00.000Z',
  owner: 'usr_1',
  viewCount: 0,
  shareCount: 0,
  downloadCount: 0,
  remixCount: 0,
  allowRemix: true,
  remixedFrom: null,
});

/** The gateway's batch route and onboarding's milestone; `fail` may refuse a batch. */
function gateway(fail: (titles: string[]) => Response | undefined = () => undefined) {
  const batches: string[][] = [];
  const calls = stubFetch((url, init) => {
    if (url.endsWith('/api/v1/artifacts/batch') && init.method === 'POST') {
      const body = JSON.parse(typeof init.body === 'string' ? init.body : '{}') as {
        artifacts: PendingUpload[];
      };
      const titles = body.artifacts.map((a) => a.title);
      batches.push(titles);
      return fail(titles) ?? json(201, { artifacts: body.artifacts.map((a) => stored(a)) });
    }
    if (url.includes('/milestones/extension_installed')) return json(200, {});
    return undefined;
  });
  return { batches, calls };
}

/** Web Locks as browsers have them (jsdom has none): one holder at a time, in request order. */
function installLocks() {
  let tail: Promise<unknown> = Promise.resolve();
  const locks = {
    request: (_name: string, job: () => Promise<unknown>) => {
      const run = tail.then(job);
      tail = run.catch(() => undefined);
      return run;
    },
  };
  Object.defineProperty(navigator, 'locks', { value: locks, configurable: true });
}

function Probe({ onDone }: { onDone: (created: Artifact[]) => void }) {
  const state = useExtensionHandoff({ onStart: () => undefined, onDone });
  return <ExtensionHandoff state={state} />;
}

const show = (onDone = vi.fn<(created: Artifact[]) => void>(), copies = 1) => {
  render(
    <QueryClientProvider client={createQueryClient()}>
      {Array.from({ length: copies }, (_, i) => (
        <Probe key={i} onDone={onDone} />
      ))}
    </QueryClientProvider>,
  );
  return onDone;
};

const savedCount = (onDone: ReturnType<typeof vi.fn>) =>
  onDone.mock.calls.reduce((n, [created]) => n + (created as Artifact[]).length, 0);

describe('useExtensionHandoff', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => {
    vi.unstubAllGlobals();
    Reflect.deleteProperty(navigator, 'locks');
  });

  it('creates all 25 pending uploads in two batches and reports the milestone', async () => {
    savePendingUploads(items(25));
    const gw = gateway();
    const onDone = show();
    await waitFor(() => expect(onDone).toHaveBeenCalledTimes(1));
    expect(gw.batches.map((b) => b.length)).toEqual([20, 5]);
    expect(onDone.mock.calls[0]?.[0].map((a) => a.title)).toEqual(items(25).map((a) => a.title));
    expect(localStorage.getItem(PENDING_UPLOADS_KEY)).toBeNull();
    await waitFor(() =>
      expect(gw.calls.some((c) => c.url.includes('/milestones/extension_installed'))).toBe(true),
    );
  });

  it('shows the progress while a batch is on its way', async () => {
    savePendingUploads(items(25));
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    const batches: number[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init: RequestInit) => {
        const body = JSON.parse(typeof init.body === 'string' ? init.body : '{}') as {
          artifacts: PendingUpload[];
        };
        if (!body.artifacts) return json(200, {});
        batches.push(body.artifacts.length);
        if (batches.length === 1) await held;
        return json(201, { artifacts: body.artifacts.map((a) => stored(a)) });
      }),
    );
    const onDone = show();
    expect(await screen.findByText(HANDOFF_TEXTS.progress(20, 25))).toBeInTheDocument();
    act(() => release());
    await waitFor(() => expect(onDone).toHaveBeenCalledTimes(1));
    expect(screen.queryByText(/^Uploading/)).toBeNull();
  });

  it('keeps a failing batch with its reason; "Retry failed" then saves it', async () => {
    savePendingUploads(items(25));
    let down = true;
    const gw = gateway((titles) =>
      down && titles.length === 20
        ? json(503, { statusCode: 503, code: 'SERVICE_UNAVAILABLE', message: 'Service unavailable.' })
        : undefined,
    );
    const onDone = show();
    const panel = await screen.findByTestId('handoff-failed');
    expect(panel).toHaveTextContent(HANDOFF_TEXTS.failedTitle(20));
    expect(panel).toHaveTextContent('Item 1: Service unavailable.');
    expect(savedCount(onDone)).toBe(5);
    expect(readFailedUploads()).toHaveLength(20);

    down = false;
    fireEvent.click(screen.getByRole('button', { name: HANDOFF_TEXTS.retry }));
    await waitFor(() => expect(screen.queryByTestId('handoff-failed')).toBeNull());
    expect(savedCount(onDone)).toBe(25);
    expect(gw.batches.at(-1)).toEqual(items(20).map((a) => a.title));
    expect(readFailedUploads()).toEqual([]);
  });

  it('"Discard" drops the failed items', async () => {
    savePendingUploads(items(2));
    gateway(() => json(400, { statusCode: 400, code: 'VALIDATION_ERROR', message: 'Bad artifact.' }));
    show();
    fireEvent.click(await screen.findByRole('button', { name: HANDOFF_TEXTS.discard }));
    expect(screen.queryByTestId('handoff-failed')).toBeNull();
    expect(readFailedUploads()).toEqual([]);
  });

  it('picks up what the extension writes later (its event) and what another tab writes (storage)', async () => {
    const gw = gateway();
    const onDone = show();
    act(() => {
      savePendingUploads(items(2));
      window.dispatchEvent(new Event(PENDING_UPLOADS_EVENT));
    });
    await waitFor(() => expect(savedCount(onDone)).toBe(2));
    act(() => {
      savePendingUploads([numbered(7)]);
      window.dispatchEvent(
        new StorageEvent('storage', {
          key: PENDING_UPLOADS_KEY,
          newValue: localStorage.getItem(PENDING_UPLOADS_KEY),
        }),
      );
    });
    await waitFor(() => expect(savedCount(onDone)).toBe(3));
    expect(gw.batches).toEqual([['Item 1', 'Item 2'], ['Item 7']]);
  });

  it('two hand-off hooks in one page do not upload the same items twice', async () => {
    installLocks();
    savePendingUploads(items(25));
    const gw = gateway();
    const onDone = show(undefined, 2);
    await waitFor(() => expect(savedCount(onDone)).toBe(25));
    // Both hooks ran (the second found nothing left); each item went up exactly once.
    expect(gw.batches.flat()).toEqual(items(25).map((a) => a.title));
  });
});
