/**
 * How an owner is named to people who copied their artifact ("Remixed from … by Ada L."): the
 * first name and the initial of the last — enough to credit someone, not their full name.
 * Null when the account has no name to show.
 */
export function ownerDisplayName(firstName: string, lastName: string): string | null {
  const first = firstName.trim();
  const initial = Array.from(lastName.trim())[0];
  if (!first) return initial ? `${initial}.` : null;
  return initial ? `${first} ${initial}.` : first;
}
