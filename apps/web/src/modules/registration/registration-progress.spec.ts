import { afterEach, describe, expect, it } from 'vitest';
import { PROGRESS_TTL_MS, clearProgress, loadProgress, saveProgress } from './registration-progress';

const progress = {
  step: 'verify' as const,
  email: 'Ada@Example.com',
  firstName: 'Ada',
  lastName: 'Lovelace',
  planType: 'pro_yearly' as const,
};

describe('registration progress', () => {
  afterEach(() => localStorage.clear());

  it('comes back as it was saved, without a password', () => {
    saveProgress(progress, 1_000);
    expect(loadProgress(2_000)).toEqual({ ...progress, savedAt: 1_000 });
    expect(localStorage.getItem('core-vault.registration')).not.toMatch(/password/i);
  });

  it('is forgotten after a day, and when cleared', () => {
    saveProgress(progress, 0);
    expect(loadProgress(PROGRESS_TTL_MS)).toBeNull();
    expect(localStorage.getItem('core-vault.registration')).toBeNull();
    saveProgress(progress, 0);
    clearProgress();
    expect(loadProgress(1)).toBeNull();
  });

  it.each([
    ['not JSON', '{'],
    ['another step', JSON.stringify({ ...progress, step: 'payment', savedAt: 0 })],
    ['a bad address', JSON.stringify({ ...progress, email: 'nobody', savedAt: 0 })],
    [
      'a plan that cannot be chosen',
      JSON.stringify({ ...progress, planType: 'business_monthly', savedAt: 0 }),
    ],
    ['a time in the future', JSON.stringify({ ...progress, savedAt: 10_000 })],
  ])('drops %s', (_, raw) => {
    localStorage.setItem('core-vault.registration', raw);
    expect(loadProgress(5_000)).toBeNull();
    expect(localStorage.getItem('core-vault.registration')).toBeNull();
  });
});
