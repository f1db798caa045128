/** Patterns refused in React source at render time (spec §2 'Security Warning'). */
const REACT_HAZARDS: readonly { pattern: RegExp; reason: string }[] = [
  { pattern: /<\s*\/?\s*script\b/i, reason: 'The component contains a script tag.' },
  { pattern: /\beval\s*\(/, reason: 'The component calls eval().' },
  { pattern: /\bnew\s+Function\s*\(/, reason: 'The component creates code with new Function().' },
  {
    pattern: /\bdocument\s*\.\s*cookie\b|\[\s*['"`]cookie['"`]\s*\]/,
    reason: 'The component accesses cookies.',
  },
];

/**
 * Checked once per version at write time; the flag and the reason are stored so the renderer
 * shows 'Security Warning' instead of running the component.
 */
export function checkReactSource(source: string): string | null {
  for (const { pattern, reason } of REACT_HAZARDS) if (pattern.test(source)) return reason;
  return null;
}
