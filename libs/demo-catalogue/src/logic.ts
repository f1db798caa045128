/**
 * The demos' timing, clamping and calculation rules as small pure functions. Each is a
 * self-contained arrow function (no imports, no references to other module-level names) so
 * `inlineLogic` can write its source into the demo page: one definition, unit-tested here and
 * run unchanged in the browser.
 */

/** A random walk step: value moved by up to ±spread/2. `random` is injectable for tests. */
export const drift = (value: number, spread: number, random: () => number): number =>
  value + (random() - 0.5) * spread;

export const round1 = (value: number): number => Math.round(value * 10) / 10;

// AI model analyzer
export const clampAccuracy = (value: number): number => Math.min(95, Math.max(75, value));
export const floorLatency = (value: number): number => Math.max(50, value);

// Compliance dashboard
export const clampCompliance = (value: number): number => Math.min(99, Math.max(85, value));
export const clampAuditItems = (value: number): number => Math.min(50, Math.max(0, Math.round(value)));
export const clampTraining = (value: number): number => Math.min(100, Math.max(70, value));
/** Low if compliance > 95 and items < 20; Medium if > 90 and < 30; else High. */
export const complianceRisk = (compliance: number, openItems: number): 'Low' | 'Medium' | 'High' =>
  compliance > 95 && openItems < 20 ? 'Low' : compliance > 90 && openItems < 30 ? 'Medium' : 'High';

// Task manager
export interface DemoTask {
  id: string;
  text: string;
  priority: 'low' | 'medium' | 'high';
  completed: boolean;
}
/** Trimmed task text, or null when empty or whitespace only; at most 100 characters. */
export const normalizeTaskText = (text: unknown): string | null => {
  const trimmed = typeof text === 'string' ? text.trim() : '';
  return trimmed ? trimmed.slice(0, 100) : null;
};
export const normalizePriority = (value: unknown): 'low' | 'medium' | 'high' =>
  value === 'low' || value === 'high' ? value : 'medium';
export const filterTasks = (tasks: DemoTask[], filter: string): DemoTask[] =>
  filter === 'pending'
    ? tasks.filter((t) => !t.completed)
    : filter === 'completed'
      ? tasks.filter((t) => t.completed)
      : filter === 'high'
        ? tasks.filter((t) => t.priority === 'high')
        : tasks;
/** The stored list (localStorage `tasks`), tolerant of anything malformed. */
export const parseStoredTasks = (raw: string | null): DemoTask[] => {
  try {
    const value: unknown = JSON.parse(raw ?? '[]');
    if (!Array.isArray(value)) return [];
    return value
      .filter(
        (t): t is DemoTask =>
          typeof t === 'object' &&
          t !== null &&
          typeof (t as DemoTask).text === 'string' &&
          Boolean((t as DemoTask).text.trim()),
      )
      .map((t) => ({
        id: String(t.id),
        text: t.text.trim().slice(0, 100),
        priority: t.priority === 'low' || t.priority === 'high' ? t.priority : 'medium',
        completed: t.completed === true,
      }));
  } catch {
    return [];
  }
};

// Colour palette generator
export const hslToHex = (h: number, s: number, l: number): string => {
  const sat = s / 100;
  const lig = l / 100;
  const k = (n: number) => (n + h / 30) % 12;
  const a = sat * Math.min(lig, 1 - lig);
  const f = (n: number) => lig - a * Math.max(-1, Math.min(k(n) - 3, Math.min(9 - k(n), 1)));
  const hex = (x: number) =>
    Math.round(x * 255)
      .toString(16)
      .padStart(2, '0');
  return '#' + hex(f(0)) + hex(f(8)) + hex(f(4));
};
/** Five [hue, saturation, lightness] triples around a random base hue (analogous steps). */
export const paletteHsl = (random: () => number): [number, number, number][] => {
  const base = Math.floor(random() * 360);
  const step = 20 + Math.floor(random() * 40);
  const out: [number, number, number][] = [];
  for (let i = 0; i < 5; i++)
    out.push([(base + i * step) % 360, 45 + Math.floor(random() * 40), 35 + Math.floor(random() * 35)]);
  return out;
};
export const pick = <T>(items: readonly T[], random: () => number): T =>
  items[Math.min(items.length - 1, Math.floor(random() * items.length))] as T;

// Physics pendulum (semi-implicit Euler; angle in radians)
export interface PendulumState {
  angle: number;
  velocity: number;
}
export const pendulumStep = (
  state: PendulumState,
  gravity: number,
  length: number,
  damping: number,
  dt: number,
): PendulumState => {
  const acceleration = -(gravity / length) * Math.sin(state.angle) - damping * 60 * state.velocity;
  const velocity = state.velocity + acceleration * dt;
  return { angle: state.angle + velocity * dt, velocity };
};
/** Small-angle period 2π√(L/g), seconds. */
export const pendulumPeriod = (gravity: number, length: number): number =>
  2 * Math.PI * Math.sqrt(length / gravity);

// Token cost calculator
/** cost = total tokens / 1000 × price per 1K tokens, with 4 decimals. */
export const tokenCost = (inputTokens: number, outputTokens: number, pricePer1k: number): string => {
  const tokens = Math.max(0, Number(inputTokens) || 0) + Math.max(0, Number(outputTokens) || 0);
  return ((tokens / 1000) * (Number(pricePer1k) || 0)).toFixed(4);
};

// Business intelligence hub
/** The value shown `elapsedMs` into a count-up of `durationMs` towards `target`. */
export const countUpValue = (target: number, elapsedMs: number, durationMs: number): number =>
  elapsedMs >= durationMs ? target : Math.round((target * Math.max(0, elapsedMs)) / durationMs);

// Generic dashboards
export const clampTo = (value: number, min: number, max: number): number =>
  Math.min(max, Math.max(min, value));
export const formatMetric = (value: number, unit: string, decimals: number): string =>
  unit === '$'
    ? '$' +
      value.toLocaleString('en-US', { maximumFractionDigits: decimals, minimumFractionDigits: decimals })
    : value.toLocaleString('en-US', { maximumFractionDigits: decimals, minimumFractionDigits: decimals }) +
      unit;
