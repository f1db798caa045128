import { forgetUserData } from '../../../lib/storage';
import {
  ARTIFACT_STORAGE_MAX_ARTIFACTS,
  ARTIFACT_STORAGE_PREFIX,
  loadArtifactStorage,
  saveArtifactStorage,
} from './artifact-storage';

describe('artifact storage kept by the app', () => {
  beforeEach(() => localStorage.clear());

  it('keeps an artifact’s items under its own key, per viewer', () => {
    saveArtifactStorage('u1', 'demo-task-manager', { tasks: '[1]' });
    expect(loadArtifactStorage('u1', 'demo-task-manager')).toEqual({ tasks: '[1]' });
    expect(loadArtifactStorage('u1', 'other')).toBeUndefined();
    // Another person on this browser, or nobody signed in, sees none of it.
    expect(loadArtifactStorage('u2', 'demo-task-manager')).toBeUndefined();
    expect(loadArtifactStorage(null, 'demo-task-manager')).toBeUndefined();
    expect(Object.keys(localStorage)).toEqual([`${ARTIFACT_STORAGE_PREFIX}u.u1.demo-task-manager`]);
  });

  it('ignores malformed or oversized entries', () => {
    localStorage.setItem(`${ARTIFACT_STORAGE_PREFIX}anonymous.a`, '{bad');
    localStorage.setItem(
      `${ARTIFACT_STORAGE_PREFIX}anonymous.b`,
      JSON.stringify({ t: 1, items: { x: 'y'.repeat(200_000) } }),
    );
    expect(loadArtifactStorage(null, 'a')).toBeUndefined();
    expect(loadArtifactStorage(null, 'b')).toBeUndefined();
  });

  it('drops the oldest artifacts beyond the limit', () => {
    for (let i = 0; i < ARTIFACT_STORAGE_MAX_ARTIFACTS + 3; i++)
      saveArtifactStorage(null, `a${i}`, { k: String(i) }, i);
    const kept = Object.keys(localStorage).filter((k) => k.startsWith(ARTIFACT_STORAGE_PREFIX));
    expect(kept).toHaveLength(ARTIFACT_STORAGE_MAX_ARTIFACTS);
    expect(loadArtifactStorage(null, 'a0')).toBeUndefined();
    expect(loadArtifactStorage(null, `a${ARTIFACT_STORAGE_MAX_ARTIFACTS + 2}`)).toEqual({
      k: String(ARTIFACT_STORAGE_MAX_ARTIFACTS + 2),
    });
  });

  it('is forgotten at Sign Out, browser preferences kept', () => {
    saveArtifactStorage('u1', 'a', { notes: 'secret' });
    sessionStorage.setItem('core-vault.frame-height.a', '700');
    localStorage.setItem('cv.pending-uploads', '{}');
    localStorage.setItem('cv.analytics-consent', 'true');
    forgetUserData();
    expect(loadArtifactStorage('u1', 'a')).toBeUndefined();
    expect(sessionStorage.getItem('core-vault.frame-height.a')).toBeNull();
    expect(localStorage.getItem('cv.pending-uploads')).toBeNull();
    expect(localStorage.getItem('cv.analytics-consent')).toBe('true');
  });
});
