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
});

const page = (isPublic: boolean) =>
  new Response(
    JSON.stringify({ artifacts: [summary('a1', isPublic)], page: 1, limit: 50, total: 1, hasMore: false }),
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
});
