/** The service's notion of now, injectable so tests can stand at any point of a trial. */
export const CLOCK = Symbol('CLOCK');
export interface Clock {
  now(): Date;
}
export const systemClock: Clock = { now: () => new Date() };
