import { type ItemCounter } from '../../../lib/download';

/**
 * How an artifact starts in the data export document: the billing service writes each one on a
 * line of its own, indented by four ("\n    {"). Nothing else in the document starts a line so
 * (the other sections' objects nest deeper, their fields start with a key), and JSON strings hold
 * no raw line breaks.
 */
const ARTIFACT_START = '\n    {';

/** Counts the artifacts of the export document as its bytes arrive, across chunk boundaries. */
export function artifactCounter(): ItemCounter {
  const decoder = new TextDecoder();
  let carry = '';
  let count = 0;
  return (chunk) => {
    const text = carry + decoder.decode(chunk, { stream: true });
    for (let at = text.indexOf(ARTIFACT_START); at !== -1; at = text.indexOf(ARTIFACT_START, at + 1))
      count += 1;
    // Shorter than the marker: a marker cut by the chunk boundary is found next time, none twice.
    carry = text.slice(-(ARTIFACT_START.length - 1));
    return count;
  };
}
