/**
 * The words of the Make Public dialog (#32): which versions become public and what the owner may
 * choose. Kept apart from the component so the wording is decided (and tested) once.
 */
export const PUBLISH_TEXTS = {
  title: 'Make Public',
  loading: 'Loading versions...',
  loadFailed: 'Failed to load versions. Only the latest version will become public.',
  legend: 'Which versions become public?',
  latestOnly: 'Latest version only',
  allVersions: 'All versions',
  confirm: 'Make Public',
  publishing: 'Publishing...',
  cancel: 'Cancel',
  publishAll: 'Publish All Versions',
  publishedAll: 'Every version is public now.',
} as const;

/** Runs of consecutive numbers: [1, 2, 3, 5] → [[1, 3], [5, 5]]. */
function runs(numbers: readonly number[]): [number, number][] {
  const sorted = [...new Set(numbers)].sort((a, b) => a - b);
  const out: [number, number][] = [];
  for (const n of sorted) {
    const last = out[out.length - 1];
    if (last && n === last[1] + 1) last[1] = n;
    else out.push([n, n]);
  }
  return out;
}

/** "Version 2", "Versions 1 and 2", "Versions 1–4", "Versions 1, 3 and 5–7". */
export function versionsPhrase(numbers: readonly number[]): string {
  // Two in a row are named one by one; three or more as a range.
  const parts = runs(numbers).flatMap(([a, b]) =>
    a === b ? [`${a}`] : b === a + 1 ? [`${a}`, `${b}`] : [`${a}–${b}`],
  );
  const word = new Set(numbers).size === 1 ? 'Version' : 'Versions';
  const last = parts[parts.length - 1] ?? '';
  return parts.length <= 1 ? `${word} ${last}` : `${word} ${parts.slice(0, -1).join(', ')} and ${last}`;
}

const were = (numbers: readonly number[]) => (new Set(numbers).size === 1 ? 'was' : 'were');
const stay = (numbers: readonly number[]) => (new Set(numbers).size === 1 ? 'stays' : 'stay');

export const latestBecomesPublic = (latest: number): string =>
  `Anyone with the link will see version ${latest}, the latest.`;

export const savedWhilePrivate = (numbers: readonly number[]): string =>
  `${versionsPhrase(numbers)} ${were(numbers)} saved while this artifact was private.`;

export const stayPrivate = (numbers: readonly number[]): string =>
  `${versionsPhrase(numbers)} ${stay(numbers)} private: only you can open ${new Set(numbers).size === 1 ? 'it' : 'them'}.`;

export const allBecomePublic = (numbers: readonly number[]): string =>
  `${versionsPhrase(numbers)} can be opened by anyone with a link to ${new Set(numbers).size === 1 ? 'it' : 'them'}.`;

export const publicBefore = (numbers: readonly number[]): string =>
  `${versionsPhrase(numbers)} ${were(numbers)} public before and ${stay(numbers)} public.`;

/** In the history of a public artifact: the versions nobody else can open. */
export const onlyYouCanOpen = (numbers: readonly number[]): string =>
  `${versionsPhrase(numbers)} ${were(numbers)} saved while this artifact was private: only you can open ${new Set(numbers).size === 1 ? 'it' : 'them'}.`;
