import { type Client } from '@opensearch-project/opensearch';
import { SearchIndexAdmin } from './search-index.admin';

/** Index calls recorded; putAlias fails as a lost answer or an engine gone mid-way would. */
function engineFailingAlias() {
  const calls: string[] = [];
  const indices = {
    create: jest.fn(({ index }: { index: string }) => Promise.resolve(void calls.push(`create ${index}`))),
    putAlias: jest.fn(() => {
      calls.push('putAlias');
      return Promise.reject(new Error('socket hang up'));
    }),
    delete: jest.fn(({ index }: { index: string }) => Promise.resolve(void calls.push(`delete ${index}`))),
  };
  return { client: { indices } as unknown as Client, calls };
}

describe('SearchIndexAdmin.createLiveIndex', () => {
  it('drops the index it made when the alias could not be set, and fails', async () => {
    const { client, calls } = engineFailingAlias();
    const admin = new SearchIndexAdmin(client, 'cv-artifacts');
    await expect(admin.createLiveIndex()).rejects.toThrow('socket hang up');
    const created = calls[0]?.replace('create ', '');
    expect(created).toMatch(/^cv-artifacts-\d{17}$/);
    expect(calls).toEqual([`create ${created}`, 'putAlias', `delete ${created}`]);
  });

  it('creates with one request: the client does not ask again', async () => {
    const { client } = engineFailingAlias();
    await new SearchIndexAdmin(client, 'cv-artifacts').createLiveIndex().catch(() => undefined);
    const create = (client.indices.create as jest.Mock).mock.calls[0] as unknown[];
    expect(create[1]).toMatchObject({ maxRetries: 0, requestTimeout: 60_000 });
  });
});
