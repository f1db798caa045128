/**
 * Injection token of the clock: services take `now` from here so tests can move time (the
 * identity harness expires codes and sessions, the onboarding harness stands at any point of a
 * trial). Each service provides `systemClock` under it in its own module.
 */
export const CLOCK = Symbol('CLOCK');

export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };
