import { Topic } from '@core-vault/contracts';
import {
  deadLetterQueueName,
  isLastAttempt,
  oldestThumbnailKept,
  thumbnailJobId,
  thumbnailJobOptions,
  versionToRender,
} from './thumbnail-jobs';

const updated = (
  changed: ('title' | 'content' | 'type' | 'tags' | 'isPublic' | 'description')[],
  version = 3,
) => ({
  artifactId: 'a1',
  ownerId: 'u1',
  changed,
  version,
});

describe('which events make a picture', () => {
  it('renders version 1 of a created artifact', () => {
    const created = {
      artifactId: 'a1',
      ownerId: 'u1',
      title: 't',
      type: 'HTML' as const,
      isPublic: false,
      size: 1,
    };
    expect(versionToRender(Topic.ArtifactCreated, created)).toBe(1);
  });

  it('renders the new version when content or type changed', () => {
    expect(versionToRender(Topic.ArtifactUpdated, updated(['content'], 4))).toBe(4);
    expect(versionToRender(Topic.ArtifactUpdated, updated(['type', 'title'], 2))).toBe(2);
  });

  it('renders nothing for a change that does not change how it looks (title, tags, visibility)', () => {
    expect(
      versionToRender(Topic.ArtifactUpdated, updated(['title', 'tags', 'isPublic', 'description'])),
    ).toBeNull();
  });
});

describe('the job of a version', () => {
  it('has one id per artifact version, without the ":" BullMQ refuses', () => {
    expect(thumbnailJobId('abc', 7)).toBe('abc-v7');
    expect(thumbnailJobId('abc', 7)).toBe(thumbnailJobId('abc', 7));
    expect(thumbnailJobId('abc', 7)).not.toBe(thumbnailJobId('abc', 8));
    expect(thumbnailJobId('abc', 7)).not.toContain(':');
  });

  it('retries with exponential backoff and keeps finished jobs so duplicates add nothing', () => {
    const opts = thumbnailJobOptions('abc', 2, { attempts: 4, backoffMs: 1000 });
    expect(opts).toMatchObject({
      jobId: 'abc-v2',
      attempts: 4,
      backoff: { type: 'exponential', delay: 1000 },
      removeOnComplete: { age: 86_400 },
    });
  });

  it('knows the last attempt: the one whose failure goes to the dead-letter queue', () => {
    expect(isLastAttempt(0, 3)).toBe(false);
    expect(isLastAttempt(1, 3)).toBe(false);
    expect(isLastAttempt(2, 3)).toBe(true);
    expect(isLastAttempt(0, 1)).toBe(true);
    expect(isLastAttempt(0, undefined)).toBe(true);
    expect(deadLetterQueueName('thumbnails')).toBe('thumbnails-dead');
  });

  it('keeps the pictures of the versions the artifacts service keeps', () => {
    expect(oldestThumbnailKept(3, 100)).toBe(1);
    expect(oldestThumbnailKept(150, 100)).toBe(50);
  });
});
