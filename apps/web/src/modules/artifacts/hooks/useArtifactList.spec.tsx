import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import { type ReactNode } from 'react';
import { type ArtifactSort } from '@core-vault/contracts';
import { createQueryClient } from '../../../lib/query';
import { type ListSource, useArtifactList } from './useArtifactList';

const summary = (id: string, isPublic: boolean) => ({
  id,
  title: `Artifact ${id}`,
  description: '',
  type: 'HTML' as const,
  metadata: { claudeVersion: 'unknown', extractedAt: '2025-01-01T00:00:00.000Z', size: 10 },
  isPublic,
  allowNetwork: false,
  tags: [],
  version: 1,
  latestVersion: 1,
  revision: 1,
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

const page = (isPublic: boolean) =>
  new Response(
    JSON.stringify({
      artifacts: [summary('a1', isPublic)],
      page: 1,
      limit: 50,
      total: 1,
      hasMore: false,
      nextCursor: null,
    }),
    {
      status: 200,
      headers: { 'Content-Type': 'application/json' },
    },
  );

describe('useArtifactList', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('keeps a change the server agreed to, even while another sort is loading an older answer', async () => {
    // The server: a1 is private until the test makes it public; one answer can be held back.
    let serverPublic = false;
    let held: ((r: Response) => void) | null = null;
    const fetch = vi.fn((url: string) => {
      if (url.includes('sort=oldest') && !held && !serverPublic)
        return new Promise<Response>((resolve) => (held = resolve));
      return Promise.resolve(page(serverPublic));
    });
    vi.stubGlobal('fetch', fetch);
    const client = createQueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    const { result, rerender } = renderHook((source: ListSource) => useArtifactList(source), {
      wrapper,
      initialProps: { sort: 'newest' as ArtifactSort },
    });
    await waitFor(() => expect(result.current.items.map((a) => a.isPublic)).toEqual([false]));

    // Another sort starts loading (its answer, from before the change, is still on the way);
    // the previous list stays on screen meanwhile.
    rerender({ sort: 'oldest' });
    await waitFor(() => expect(held).not.toBeNull());
    expect(result.current.items.map((a) => a.isPublic)).toEqual([false]);

    // The user makes a1 public and the server agrees.
    serverPublic = true;
    act(() => result.current.replace(summary('a1', true)));
    await waitFor(() => expect(result.current.items.map((a) => a.isPublic)).toEqual([true]));

    // The older answer arrives late: it must not put the card back to private.
    act(() => held?.(page(false)));
    await waitFor(() => expect(result.current.loading).toBe(false));
    expect(result.current.items.map((a) => a.isPublic)).toEqual([true]);
  });

  const answer = (body: object) =>
    new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
  const mount = (initialProps: ListSource) => {
    const client = createQueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    return renderHook((source: ListSource) => useArtifactList(source), { wrapper, initialProps });
  };

  it('loads more by the cursor of the last page until the server says there is none', async () => {
    // The server: two artifacts a page, cursor "c2" after the first page.
    const stored = ['a1', 'a2', 'a3'];
    const fetch = vi.fn((url: string) => {
      const cursor = new URL(url, 'http://x').searchParams.get('cursor');
      const ids = cursor === null ? stored.slice(0, 2) : stored.slice(2);
      const next = cursor === null && stored.length > 2 ? 'c2' : null;
      // Only the first page counts the list (later cursor pages answer 0).
      return Promise.resolve(
        answer({
          artifacts: ids.map((id) => summary(id, false)),
          page: 1,
          limit: 50,
          total: cursor === null ? stored.length : 0,
          hasMore: next !== null,
          nextCursor: next,
        }),
      );
    });
    vi.stubGlobal('fetch', fetch);
    const { result } = mount({ sort: 'title' });
    await waitFor(() => expect(result.current.items.map((a) => a.id)).toEqual(['a1', 'a2']));
    expect(result.current.hasMore).toBe(true);
    expect(fetch.mock.calls[0]?.[0]).toBe('/api/v1/artifacts?sort=title&limit=50');

    act(() => result.current.loadMore());
    await waitFor(() => expect(result.current.items.map((a) => a.id)).toEqual(['a1', 'a2', 'a3']));
    expect(fetch.mock.calls[1]?.[0]).toBe('/api/v1/artifacts?sort=title&limit=50&cursor=c2');
    expect(result.current.hasMore).toBe(false);
    expect(result.current.total).toBe(3);

    // A delete takes the card out of whichever page holds it and the count down by one, then
    // the list reloads and agrees with the server.
    stored.pop();
    act(() => result.current.remove('a3'));
    await waitFor(() => expect(result.current.items.map((a) => a.id)).toEqual(['a1', 'a2']));
    expect(result.current.total).toBe(2);
    await waitFor(() => expect(result.current.loading).toBe(false));
    expect(result.current.items.map((a) => a.id)).toEqual(['a1', 'a2']);
    expect(result.current.total).toBe(2);
  });

  it('never lets an older search answer replace a newer one, and aborts the older request', async () => {
    const held: { url: string; signal: AbortSignal | undefined; resolve: (r: Response) => void }[] = [];
    const hit = (id: string) =>
      answer({
        artifacts: [{ ...summary(id, false), score: 1, snippets: [] }],
        page: 1,
        limit: 50,
        total: 1,
        hasMore: false,
      });
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (url: string, init: RequestInit = {}) =>
          new Promise<Response>((resolve) => held.push({ url, signal: init.signal ?? undefined, resolve })),
      ),
    );
    const { result, rerender } = mount({ sort: 'newest', query: 'old', filters: { type: 'SVG' } });
    await waitFor(() => expect(held).toHaveLength(1));
    expect(held[0]?.url).toBe('/api/v1/artifacts/search?q=old&page=1&limit=50&type=SVG');

    rerender({ sort: 'newest', query: 'new', filters: { type: 'SVG' } });
    await waitFor(() => expect(held).toHaveLength(2));
    expect(held[0]?.signal?.aborted).toBe(true);

    act(() => held[1]?.resolve(hit('newer')));
    await waitFor(() => expect(result.current.items.map((a) => a.id)).toEqual(['newer']));
    // The first answer arrives after all: the list on screen stays the newer search's.
    act(() => held[0]?.resolve(hit('older')));
    await waitFor(() => expect(result.current.loading).toBe(false));
    expect(result.current.items.map((a) => a.id)).toEqual(['newer']);
  });
});
