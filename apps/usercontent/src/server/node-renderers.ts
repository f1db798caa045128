import hljs from 'highlight.js/lib/common';
import { transform } from 'sucrase';
import { type HighlightFn, type TransformFn } from '../document';

/** highlight.js on the server: embeds arrive highlighted, without loading it in the browser. */
export const highlightOnServer: HighlightFn = (code, language) =>
  language && hljs.getLanguage(language)
    ? hljs.highlight(code, { language, ignoreIllegals: true }).value
    : hljs.highlightAuto(code).value;

/** sucrase on the server: embedded React components arrive transpiled. */
export const transformOnServer: TransformFn = (code, options) => transform(code, options);
