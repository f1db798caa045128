import {
  ARTIFACT_STORAGE_MAX_ARTIFACTS,
  ARTIFACT_STORAGE_PREFIX,
  loadArtifactStorage,
  saveArtifactStorage,
} from './artifact-storage';

describe('artifact storage kept by the app', () => {
  beforeEach(() => localStorage.clear());

  it('keeps an artifact’s items under its own key', () => {
    saveArtifactStorage('demo-task-manager', { tasks: '[1]' });
    expect(loadArtifactStorage('demo-task-manager')).toEqual({ tasks: '[1]' });
    expect(loadArtifactStorage('other')).toBeUndefined();
    expect(Object.keys(localStorage)).toEqual([`${ARTIFACT_STORAGE_PREFIX}demo-task-manager`]);
  });

  it('ignores malformed or oversized entries', () => {
    localStorage.setItem(`${ARTIFACT_STORAGE_PREFIX}a`, '{bad');
    localStorage.setItem(
      `${ARTIFACT_STORAGE_PREFIX}b`,
      JSON.stringify({ t: 1, items: { x: 'y'.repeat(200_000) } }),
    );
    expect(loadArtifactStorage('a')).toBeUndefined();
    expect(loadArtifactStorage('b')).toBeUndefined();
  });

  it('drops the oldest artifacts beyond the limit', () => {
    for (let i = 0; i < ARTIFACT_STORAGE_MAX_ARTIFACTS + 3; i++)
      saveArtifactStorage(`a${i}`, { k: String(i) }, i);
    const kept = Object.keys(localStorage).filter((k) => k.startsWith(ARTIFACT_STORAGE_PREFIX));
    expect(kept).toHaveLength(ARTIFACT_STORAGE_MAX_ARTIFACTS);
    expect(loadArtifactStorage('a0')).toBeUndefined();
    expect(loadArtifactStorage(`a${ARTIFACT_STORAGE_MAX_ARTIFACTS + 2}`)).toEqual({
      k: String(ARTIFACT_STORAGE_MAX_ARTIFACTS + 2),
    });
  });
});
