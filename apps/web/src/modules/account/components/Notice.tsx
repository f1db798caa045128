import { Banner } from '../../../components/ui';

/** One section's outcome: the server's message on success, its error message otherwise. */
export type Outcome = { kind: 'success' | 'error'; text: string } | null;

/** A section's outcome as the shared kit's Banner (an error announced at once, a success politely). */
export function Notice({ outcome }: { outcome: Outcome }) {
  if (!outcome) return null;
  return <Banner tone={outcome.kind}>{outcome.text}</Banner>;
}
