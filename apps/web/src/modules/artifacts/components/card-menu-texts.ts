// Apart from ArtifactCardMenu, which is loaded after the cards (Radix is ~30 KB gzipped): the
// card's stand-in ⋯ button needs the same name before it arrives.
export const CARD_MENU_TEXTS = {
  more: (title: string) => `More actions for ${title || 'Untitled'}`,
  embed: 'Embed Code',
  history: 'History',
  addTo: 'Add to collection',
  delete: 'Delete',
  visibility: (isPublic: boolean) => (isPublic ? 'Make Private' : 'Make Public'),
} as const;

/** What the card's menu can ask for; the card runs it. */
export type CardMenuAction =
  { kind: 'embed' | 'visibility' | 'history' | 'delete' } | { kind: 'collection'; collectionId: string };
