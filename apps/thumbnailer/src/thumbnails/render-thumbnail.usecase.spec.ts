import { type Logger } from 'pino';
import { type ArtifactVersionsRepository, type VersionToRender } from './artifact-versions.repository';
import { type ChromiumRenderer } from './chromium-renderer';
import { RenderThumbnailUseCase } from './render-thumbnail.usecase';
import { type ThumbnailsRepository } from './thumbnails.repository';

const NOW = new Date('2026-12-07T12:00:00Z');
const job = { artifactId: 'a1', ownerId: 'u1', version: 2 };
const found: VersionToRender = {
  owner: 'u1',
  current: 150,
  artifact: {
    title: 't',
    type: 'HTML',
    content: '<p>x</p>',
    rendered: '<p>x</p>',
    renderError: null,
    securityWarning: null,
  },
};
const images = { card: Buffer.from('card'), og: Buffer.from('og') };

function setup(
  status: 'ready' | 'failed' | null,
  version: VersionToRender | null,
  render = jest.fn(() => Promise.resolve(images)),
  stillThere = true,
) {
  const thumbnails = {
    status: jest.fn(() => Promise.resolve(status)),
    storeReady: jest.fn(() => Promise.resolve(undefined)),
    pruneBefore: jest.fn(() => Promise.resolve(undefined)),
    removeArtifact: jest.fn(() => Promise.resolve(2)),
  };
  const logger = { info: jest.fn() } as unknown as Logger;
  const run = new RenderThumbnailUseCase(
    {
      find: jest.fn(() => Promise.resolve(version)),
      exists: jest.fn(() => Promise.resolve(stillThere)),
    } as unknown as ArtifactVersionsRepository,
    thumbnails as unknown as ThumbnailsRepository,
    { render } as unknown as ChromiumRenderer,
    { now: () => NOW },
    logger,
  );
  return { run, thumbnails, render };
}

describe('RenderThumbnailUseCase', () => {
  it('renders the version with its id, stores both sizes and drops pictures of pruned versions', async () => {
    const { run, thumbnails, render } = setup(null, found);
    expect(await run.execute(job)).toBe('rendered');
    expect(render).toHaveBeenCalledWith({ ...found.artifact, id: 'a1' });
    expect(thumbnails.storeReady).toHaveBeenCalledWith('a1', 'u1', 2, images, NOW);
    expect(thumbnails.pruneBefore).toHaveBeenCalledWith('a1', 50);
  });

  it('removes the pictures again when the artifact was deleted while it rendered', async () => {
    const { run, thumbnails } = setup(null, found, undefined, false);
    expect(await run.execute(job)).toBe('gone');
    expect(thumbnails.removeArtifact).toHaveBeenCalledWith('a1');
  });

  it('does nothing for a version that already has its picture (a retried or replayed job)', async () => {
    const { run, render } = setup('ready', found);
    expect(await run.execute(job)).toBe('already-made');
    expect(render).not.toHaveBeenCalled();
  });

  it('completes without a picture when the version is gone: nothing to retry', async () => {
    const { run, render, thumbnails } = setup(null, null);
    expect(await run.execute(job)).toBe('gone');
    expect(render).not.toHaveBeenCalled();
    expect(thumbnails.storeReady).not.toHaveBeenCalled();
  });

  it('lets a failing render throw, so BullMQ retries it, and stores nothing', async () => {
    const failing = jest.fn(() => Promise.reject(new Error('Render Error: boom')));
    const { run, thumbnails } = setup(null, found, failing);
    await expect(run.execute(job)).rejects.toThrow('boom');
    expect(thumbnails.storeReady).not.toHaveBeenCalled();
  });
});
