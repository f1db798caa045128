/**
 * What reads leave out of an artifact: its stored forms (the rendered document, the render's
 * notes), the search head and the activity list. Exports keep the content, cards do not.
 */
export const STORED_FORMS_PROJECTION = {
  rendered: 0,
  renderError: 0,
  securityWarning: 0,
  searchHead: 0,
  activity: 0,
} as const;

/**
 * Fields a dashboard card needs: never the (up to 500,000-character) content. Its own module so
 * the scale bench reads cards from the store exactly as the service does (tools/bench/scale.mjs).
 */
export const SUMMARY_PROJECTION = { content: 0, ...STORED_FORMS_PROJECTION } as const;
