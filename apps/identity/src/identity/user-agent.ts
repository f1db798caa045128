/**
 * Browser and device names for the session list, from a User-Agent. A few ordered rules instead
 * of a parser package (none is installed): the list only has to let a person tell their own
 * browsers apart, and an unknown agent says so rather than guessing.
 */
const BROWSERS: readonly (readonly [RegExp, string])[] = [
  // Order matters: Edge and Opera also say "Chrome", Chrome also says "Safari".
  [/Edg(e|A|iOS)?\//, 'Edge'],
  [/OPR\/|Opera/, 'Opera'],
  [/Firefox\/|FxiOS\//, 'Firefox'],
  [/Chrome\/|CriOS\/|Chromium\//, 'Chrome'],
  [/Safari\//, 'Safari'],
];

const DEVICES: readonly (readonly [RegExp, string])[] = [
  [/iPhone/, 'iPhone'],
  [/iPad/, 'iPad'],
  [/Android/, 'Android'],
  [/CrOS/, 'ChromeOS'],
  [/Windows/, 'Windows'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/Linux/, 'Linux'],
];

export function describeUserAgent(ua: string | null | undefined): { browser: string; device: string } {
  const pick = (rules: typeof BROWSERS, fallback: string) =>
    (ua && rules.find(([re]) => re.test(ua))?.[1]) || fallback;
  return { browser: pick(BROWSERS, 'Unknown browser'), device: pick(DEVICES, 'Unknown device') };
}

/** Stored capped: the header is client-controlled. */
export const USER_AGENT_MAX = 300;
