import mongoose from 'mongoose';
import {
  ARTIFACT_COLLECTIONS,
  ARTIFACT_THUMBNAIL_MODEL,
  artifactThumbnailId,
  artifactThumbnailSchema,
} from './index';

// A model on a connection that never opens: validation only, no database.
const Thumbnail = mongoose.createConnection().model(ARTIFACT_THUMBNAIL_MODEL, artifactThumbnailSchema);

describe('the artifact_thumbnails store', () => {
  it('keys a picture by artifact and version, as artifact_versions does', () => {
    expect(artifactThumbnailId('a1', 3)).toBe('a1:3');
    expect(artifactThumbnailId('a1', 3)).not.toBe(artifactThumbnailId('a1', 4));
  });

  it('lives in the collection both apps name', () => {
    expect(Thumbnail.collection.collectionName).toBe(ARTIFACT_COLLECTIONS.thumbnails);
    expect(ARTIFACT_COLLECTIONS.thumbnails).toBe('artifact_thumbnails');
  });

  it('takes the three statuses and refuses any other', () => {
    const doc = (status: string) =>
      new Thumbnail({
        _id: 'a1:1',
        artifactId: 'a1',
        owner: 'u1',
        version: 1,
        status,
        updatedAt: new Date(),
      });
    for (const status of ['pending', 'ready', 'failed']) expect(doc(status).validateSync()).toBeUndefined();
    expect(doc('done').validateSync()?.errors['status']).toBeDefined();
  });
});
