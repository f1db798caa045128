import { utcDay, viewBeaconBodySchema } from './analytics-dto';

describe('utcDay', () => {
  it.each([
    ['2026-11-22T23:59:59.999Z', '2026-11-22'],
    ['2026-11-23T00:00:00.000Z', '2026-11-23'],
    ['2026-11-22T10:00:00Z', '2026-11-22'],
    // Offsets are converted: 01:30 at +02:00 is the evening before in UTC, and the other way.
    ['2026-11-23T01:30:00+02:00', '2026-11-22'],
    ['2026-11-22T23:30:00-01:00', '2026-11-23'],
  ])('%s falls on %s', (at, day) => {
    expect(utcDay(at)).toBe(day);
  });

  it('takes dates too', () => {
    expect(utcDay(new Date(Date.UTC(2026, 0, 31, 23, 59, 59)))).toBe('2026-01-31');
  });
});

describe('viewBeaconBodySchema', () => {
  it('takes an artifact id, where it was seen and an optional referrer', () => {
    expect(
      viewBeaconBodySchema.parse({ artifactId: 'a1', embed: true, referrer: 'https://x.example' }),
    ).toEqual({
      artifactId: 'a1',
      embed: true,
      referrer: 'https://x.example',
    });
    expect(viewBeaconBodySchema.safeParse({ artifactId: 'a1', embed: false }).success).toBe(true);
  });

  it('refuses what a view beacon never carries: ids, sessions, times, unknown fields', () => {
    expect(viewBeaconBodySchema.safeParse({ artifactId: 'a1', embed: true, sessionId: 's' }).success).toBe(
      false,
    );
    expect(viewBeaconBodySchema.safeParse({ artifactId: 'a1' }).success).toBe(false);
    expect(viewBeaconBodySchema.safeParse({ artifactId: '', embed: true }).success).toBe(false);
    expect(
      viewBeaconBodySchema.safeParse({ artifactId: 'a1', embed: true, referrer: 'x'.repeat(2049) }).success,
    ).toBe(false);
  });
});
