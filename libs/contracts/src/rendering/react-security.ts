/**
 * Patterns refused in React source (spec §2 'Security Warning'). The one list for both sides: the
 * artifacts service checks each version once at write time and stores the reason, so the renderer
 * shows 'Security Warning' instead of running the component; the usercontent renderer uses that
 * stored reason and, when there is none, checks the source itself before it transpiles. The
 * separate origin is the wall; this check keeps the spec's promise and catches obvious abuse.
 */
const REACT_HAZARDS: readonly { pattern: RegExp; reason: string }[] = [
  // Not `<\s*\/?\s*script`: two `\s*` around an optional '/' split a run of spaces every way,
  // quadratic on '<' followed by 60,000 spaces. This form matches the same texts, each once.
  { pattern: /<\s*(?:\/\s*)?script\b/i, reason: 'The component contains a script tag.' },
  { pattern: /\beval\s*\(/, reason: 'The component calls eval().' },
  { pattern: /\bnew\s+Function\s*\(/, reason: 'The component creates code with new Function().' },
  {
    pattern: /\bdocument\s*\.\s*cookie\b|\[\s*['"`]cookie['"`]\s*\]/,
    reason: 'The component accesses cookies.',
  },
];

/** The reason the source is refused, or null when it may run. */
export function reactSecurityWarning(source: string): string | null {
  for (const { pattern, reason } of REACT_HAZARDS) if (pattern.test(source)) return reason;
  return null;
}

export const SECURITY_WARNING_TIPS = [
  'Artifacts may not use script tags, eval(), new Function() or cookies.',
  'Remove the flagged code and upload the component again.',
];
