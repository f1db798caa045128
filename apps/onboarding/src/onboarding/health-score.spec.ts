import { healthBand } from '@core-vault/contracts';
import { healthScore } from './health-score';

const now = new Date('2030-03-20T12:00:00.000Z');
const daysAgo = (n: number) => new Date(now.getTime() - n * 86_400_000);

describe('health score', () => {
  it('is 0 with nothing done and 100 with every milestone and six active days', () => {
    expect(healthScore({ milestones: {}, activity: [] }, now)).toEqual({ score: 0, band: 'at_risk' });
    const all = {
      first_upload: now,
      first_share: now,
      extension_installed: now,
      profile_customized: now,
      analytics_viewed: now,
    };
    const activity = [0, 1, 2, 3, 4, 5, 6].map(daysAgo);
    expect(healthScore({ milestones: all, activity }, now)).toEqual({ score: 100, band: 'healthy' });
  });

  it('counts distinct active days inside the 14-day window only', () => {
    const activity = [daysAgo(0), daysAgo(0), daysAgo(1), daysAgo(13.9), daysAgo(14.1), daysAgo(40)];
    expect(healthScore({ milestones: {}, activity }, now).score).toBe(15);
  });

  it('lands in each band at the spec thresholds', () => {
    expect(healthScore({ milestones: { first_upload: now }, activity: [] }, now)).toEqual({
      score: 25,
      band: 'at_risk',
    });
    expect(healthScore({ milestones: { first_upload: now }, activity: [daysAgo(0)] }, now).band).toBe(
      'moderate',
    );
    expect(
      healthScore(
        { milestones: { first_upload: now, first_share: now }, activity: [0, 1, 2, 3].map(daysAgo) },
        now,
      ),
    ).toEqual({ score: 60, band: 'on_track' });
  });

  it.each([
    [0, 'at_risk'],
    [29, 'at_risk'],
    [30, 'moderate'],
    [59, 'moderate'],
    [60, 'on_track'],
    [79, 'on_track'],
    [80, 'healthy'],
    [100, 'healthy'],
  ])('score %i is %s', (score, band) => {
    expect(healthBand(score)).toBe(band);
  });
});
