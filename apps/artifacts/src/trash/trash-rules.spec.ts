import { daysLeft, purgeAtFor, restoreDecision } from './trash-rules';

const DAY = 86_400_000;
const at = new Date('2026-12-01T10:00:00Z');

describe('trash rules', () => {
  it('purges the retention after the move to the trash', () => {
    expect(purgeAtFor(at, 30 * DAY).toISOString()).toBe('2026-12-31T10:00:00.000Z');
  });

  it('counts days left rounded up, never below zero', () => {
    const purgeAt = purgeAtFor(at, 30 * DAY);
    expect(daysLeft(purgeAt, at)).toBe(30);
    expect(daysLeft(purgeAt, new Date(at.getTime() + 1))).toBe(30);
    expect(daysLeft(purgeAt, new Date(purgeAt.getTime() - 1))).toBe(1);
    expect(daysLeft(purgeAt, purgeAt)).toBe(0);
    expect(daysLeft(purgeAt, new Date(purgeAt.getTime() + DAY))).toBe(0);
  });

  it('restores only what is in the trash and not yet due', () => {
    const purgeAt = purgeAtFor(at, DAY);
    expect(restoreDecision({ deletedAt: at, purgeAt }, at)).toBe('restore');
    expect(restoreDecision({ deletedAt: at, purgeAt }, purgeAt)).toBe('expired');
    expect(restoreDecision({ deletedAt: null, purgeAt: null }, at)).toBe('not-in-trash');
    // Deleted before the trash existed (or already purged): no purgeAt, never restorable.
    expect(restoreDecision({ deletedAt: at }, at)).toBe('not-in-trash');
  });
});
