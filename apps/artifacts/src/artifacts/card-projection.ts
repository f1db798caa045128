/**
 * Fields a dashboard card needs: never the (up to 500,000-character) content. Its own module so
 * the scale bench reads cards from the store exactly as the service does (tools/bench/scale.mjs).
 */
export const SUMMARY_PROJECTION = {
  content: 0,
  rendered: 0,
  renderError: 0,
  securityWarning: 0,
  searchHead: 0,
  activity: 0,
} as const;
