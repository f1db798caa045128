/** The view page's texts (spec §2 View page, §8 error catalogue). */
export const VIEW_MESSAGES = {
  invalidTitle: 'Invalid Artifact',
  invalidText: 'No artifact ID provided in the URL.',
  errorText: "The artifact you're looking for may have been removed or made private.",
  notFoundTitle: 'Artifact not found',
  notFoundText: "The artifact you're looking for doesn't exist or is no longer available.",
  goToDashboard: 'Go to Dashboard',
  notFound: 'Artifact not found',
  versionNotFound: 'Version not found',
  private: 'This artifact is private',
  failed: 'Failed to load artifact',
  network: 'Error loading artifact',
  demoNotFound: 'Demo artifact not found',
  demoFailed: 'Failed to load demo artifact',
  copied: '✓ Copied!',
  conversionTitle: 'Create your own artifacts with Core Vault',
  conversionText: 'Extract, save and share Claude AI artifacts with one click.',
  startTrial: 'Start Free Trial',
  about: 'About this artifact',
  /** "Captured on claude.ai with Claude Sonnet 4" (the extension's provenance). */
  capturedOn: (site: string, by: string | null) => `Captured on ${site}${by ? ` with ${by}` : ''}`,
  viewLatest: 'view latest',
} as const;

export const COPIED_FEEDBACK_MS = 2000;
