import { type AuthUser } from '@core-vault/contracts';
import { GetThumbnailUseCase } from './get-thumbnail.usecase';
import {
  type StoredThumbnail,
  type ThumbnailSubject,
  type ThumbnailsRepository,
} from './thumbnails.repository';

const ID = 'a'.repeat(24);
const user = (id: string): AuthUser => ({ id, isAdmin: false }) as AuthUser;
const image = Buffer.from('picture');

function useCase(subject: ThumbnailSubject | null, stored: StoredThumbnail = { status: 'ready', image }) {
  const repository = {
    findSubject: jest.fn(() => Promise.resolve(subject)),
    find: jest.fn(() => Promise.resolve(stored)),
  };
  return { run: new GetThumbnailUseCase(repository as unknown as ThumbnailsRepository), repository };
}

const code = (p: Promise<unknown>) =>
  p.then(
    () => 'ok',
    (e: { code?: string }) => e.code,
  );

describe('GetThumbnailUseCase', () => {
  const privateDoc: ThumbnailSubject = { owner: 'u1', isPublic: false, version: 3, publishedVersions: [] };
  const publicDoc: ThumbnailSubject = { owner: 'u1', isPublic: true, version: 3, publishedVersions: [3] };

  it("gives a private artifact's picture to its owner only, never cacheable by others", async () => {
    const { run } = useCase(privateDoc);
    const shot = await run.execute(ID, user('u1'), 'card');
    expect(shot).toMatchObject({
      image,
      mediaType: 'image/webp',
      visibility: 'private',
      etag: `"${ID}-3-card"`,
    });
    expect(await code(run.execute(ID, user('u2'), 'card'))).toBe('ARTIFACT_PRIVATE');
    expect(await code(run.execute(ID, null, 'og'))).toBe('ARTIFACT_PRIVATE');
  });

  it("keeps an unpublished earlier version of a public artifact its owner's", async () => {
    const { run, repository } = useCase(publicDoc);
    expect(await code(run.execute(ID, null, 'card', 2))).toBe('ARTIFACT_PRIVATE');
    expect(await run.execute(ID, user('u1'), 'card', 2)).toMatchObject({ visibility: 'private' });
    expect(repository.find).toHaveBeenLastCalledWith(ID, 2, 'card');
    expect(await run.execute(ID, null, 'og')).toMatchObject({ visibility: 'public', mediaType: 'image/png' });
    expect(await code(run.execute(ID, null, 'og', 4))).toBe('VERSION_NOT_FOUND');
  });

  it('answers pending while there is no picture, unavailable once it failed, not found for unknown ids', async () => {
    expect(await code(useCase(publicDoc, null).run.execute(ID, null, 'card'))).toBe('THUMBNAIL_PENDING');
    expect(await code(useCase(publicDoc, { status: 'failed' }).run.execute(ID, null, 'card'))).toBe(
      'THUMBNAIL_UNAVAILABLE',
    );
    expect(await code(useCase(null).run.execute(ID, null, 'card'))).toBe('ARTIFACT_NOT_FOUND');
    expect(await code(useCase(publicDoc).run.execute('../etc', null, 'card'))).toBe('ARTIFACT_NOT_FOUND');
  });
});
