import hljs from 'highlight.js/lib/common';
import { transform } from 'sucrase';
import { type HighlightFn, type TransformFn } from '../document';

/**
 * Guessing the language runs every grammar over the text; past this size a block without a
 * language stays plain (escaped) text, so one huge unlabeled block cannot hold an embed request
 * for seconds.
 */
export const AUTO_HIGHLIGHT_MAX_CHARS = 20_000;

/** highlight.js on the server: embeds arrive highlighted, without loading it in the browser. */
export const highlightOnServer: HighlightFn = (code, language) =>
  language && hljs.getLanguage(language)
    ? hljs.highlight(code, { language, ignoreIllegals: true }).value
    : code.length <= AUTO_HIGHLIGHT_MAX_CHARS
      ? hljs.highlightAuto(code).value
      : null;

/** sucrase on the server: embedded React components arrive transpiled. */
export const transformOnServer: TransformFn = (code, options) => transform(code, options);
