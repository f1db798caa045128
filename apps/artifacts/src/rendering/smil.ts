/** SMIL animation elements (lower case: the HTML parser's spelling; SVG's is compared lowered). */
export const SMIL_TAGS = new Set(['animate', 'set', 'animatemotion', 'animatetransform', 'animatecolor']);

const SCRIPT_URL = /^\s*(?:javascript|vbscript)\s*:/i;

/**
 * SMIL is how SVG artifacts move (spinners, pulses, paths drawn along), so animations stay; but
 * one that targets a link's `href` could turn a harmless `#fragment` into a script URL after
 * sanitizing, and one whose values are script URLs has no other purpose. Those are dropped.
 */
export function isHostileAnimation(attribs: Record<string, string>): boolean {
  const target = Object.entries(attribs).find(([name]) => name.toLowerCase() === 'attributename')?.[1] ?? '';
  if (/href/i.test(target)) return true;
  return Object.entries(attribs).some(
    ([name, value]) =>
      ['to', 'from', 'by', 'values'].includes(name.toLowerCase()) &&
      value.split(';').some((v) => SCRIPT_URL.test(v)),
  );
}
