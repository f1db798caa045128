import { QueryClientProvider, useQuery, useQueryClient } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import { type ReactNode } from 'react';
import { json, stubFetch } from '../../test-support';
import { endpoints } from '../api/endpoints';
import { apiKey, apiQuery, useApiMutation } from './api-query';
import { createQueryClient } from './query-client';

const collection = (id: string, name: string) => ({
  id,
  name,
  artifactCount: 0,
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-01T00:00:00.000Z',
});

function withClient(children: ReactNode) {
  return <QueryClientProvider client={createQueryClient()}>{children}</QueryClientProvider>;
}

function Names() {
  const { data, error } = useQuery(apiQuery(endpoints.collections.list));
  if (error) return <p role="alert">{error.message}</p>;
  return <p>{data ? data.collections.map((c) => c.name).join(', ') || 'none' : 'loading'}</p>;
}

describe('the query layer', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('keys a call by its contract id, path parameters and query', () => {
    expect(apiKey(endpoints.artifacts.listVersions, { params: { id: 'a1' } })).toEqual([
      'listArtifactVersions',
      { id: 'a1' },
      {},
    ]);
    expect(apiKey(endpoints.artifacts.listVersions, { params: { id: 'a1' } })[0]).toBe(
      endpoints.artifacts.listVersions.id,
    );
  });

  it('loads through the API client once for every component that asks, parsed by the contract', async () => {
    const calls = stubFetch((url) =>
      url.endsWith('/api/v1/collections')
        ? json(200, { collections: [collection('c1', 'Reports')] })
        : undefined,
    );
    render(
      withClient(
        <>
          <Names />
          <Names />
        </>,
      ),
    );
    expect(await screen.findAllByText('Reports')).toHaveLength(2);
    expect(calls).toHaveLength(1);
  });

  it("shows the gateway's message when a read fails, without retrying", async () => {
    const calls = stubFetch((url) =>
      url.endsWith('/api/v1/collections')
        ? json(500, { statusCode: 500, code: 'INTERNAL', message: 'Collections are resting' })
        : undefined,
    );
    render(withClient(<Names />));
    expect(await screen.findByRole('alert')).toHaveTextContent('Collections are resting');
    expect(calls).toHaveLength(1);
  });

  it('writes with a mutation, then reloads what it changed by invalidating the route', async () => {
    let names = ['Reports'];
    const calls = stubFetch((url, init) => {
      if (!url.endsWith('/api/v1/collections')) return undefined;
      if (init.method === 'POST') {
        const body = JSON.parse(init.body as string) as { name: string };
        names = [...names, body.name];
        return json(201, { collection: collection('c2', body.name) });
      }
      return json(200, { collections: names.map((n, i) => collection(`c${i}`, n)) });
    });
    function Create() {
      const client = useQueryClient();
      const create = useApiMutation(endpoints.collections.create, {
        onSuccess: () => client.invalidateQueries({ queryKey: [endpoints.collections.list.id] }),
      });
      return (
        <button type="button" onClick={() => create.mutate({ body: { name: 'Drafts' } })}>
          Create
        </button>
      );
    }
    render(
      withClient(
        <>
          <Names />
          <Create />
        </>,
      ),
    );
    expect(await screen.findByText('Reports')).toBeInTheDocument();
    act(() => screen.getByRole('button', { name: 'Create' }).click());
    expect(await screen.findByText('Reports, Drafts')).toBeInTheDocument();
    await waitFor(() => expect(calls.map((c) => c.init.method)).toEqual(['GET', 'POST', 'GET']));
    expect(JSON.parse(calls[1]?.init.body as string)).toEqual({ name: 'Drafts' });
  });
});
