/** The dashboard's texts for the browser extension's hand-off (contract #19 §3). */
export const HANDOFF_TEXTS = {
  progress: (uploading: number, total: number) =>
    `Uploading ${uploading} of ${total} artifacts from the browser extension…`,
  saved: (n: number) => `${n} artifact${n === 1 ? '' : 's'} saved from the browser extension.`,
  failedTitle: (n: number) =>
    `${n} artifact${n === 1 ? '' : 's'} from the browser extension could not be saved.`,
  retry: 'Retry failed',
  discard: 'Discard',
  /** The spec's upload error text (artifacts §8) when a failure carries no message. */
  unknownReason: 'Error uploading artifact. Please try again.',
} as const;
