import sanitizeHtml from 'sanitize-html';
import { cleanStyleBlocks } from './css';

/** Ordinary document markup an HTML artifact may keep, beyond sanitize-html's defaults. */
const EXTRA_TAGS = [
  'html',
  'head',
  'body',
  'title',
  'style',
  'img',
  'picture',
  'source',
  'figure',
  'figcaption',
  'section',
  'article',
  'header',
  'footer',
  'nav',
  'main',
  'aside',
  'details',
  'summary',
  'mark',
  'small',
  'sub',
  'sup',
  'del',
  'ins',
  'kbd',
  'samp',
  'var',
  'time',
  'progress',
  'meter',
  'form',
  'input',
  'button',
  'select',
  'option',
  'optgroup',
  'textarea',
  'label',
  'fieldset',
  'legend',
  'canvas',
  'audio',
  'video',
  'track',
];

/** Never allowed, whatever the lists above say (spec §2: frames, objects, embeds). */
export const FORBIDDEN_HTML_TAGS = [
  'iframe',
  'frame',
  'frameset',
  'object',
  'embed',
  'applet',
  'base',
  'meta',
  'link',
  'noscript',
  'template',
  'portal',
];

const GLOBAL_ATTRIBUTES = [
  'class',
  'style',
  'id',
  'title',
  'lang',
  'dir',
  'role',
  'tabindex',
  'hidden',
  'aria-*',
  'data-*',
];

/**
 * Markup policy (Markdown's HTML output, and the base of the HTML policy): ordinary markup with
 * style and class kept; frames, objects, embeds, scripts, event-handler attributes (only listed
 * attributes survive, no on*) and javascript: URLs removed.
 */
export const MARKUP_POLICY: sanitizeHtml.IOptions = {
  allowedTags: [...sanitizeHtml.defaults.allowedTags, ...EXTRA_TAGS].filter(
    (t) => !FORBIDDEN_HTML_TAGS.includes(t),
  ),
  // <style> is a "vulnerable" tag for sanitize-html; artifacts need their CSS, and the renderer's
  // separate origin plus CSP (no network) is the wall against what CSS could still do.
  allowVulnerableTags: true,
  allowedAttributes: {
    '*': GLOBAL_ATTRIBUTES,
    a: ['href', 'name', 'target', 'rel'],
    img: ['src', 'srcset', 'alt', 'width', 'height', 'loading'],
    source: ['src', 'srcset', 'type', 'media'],
    audio: ['src', 'controls', 'loop', 'muted'],
    video: ['src', 'controls', 'loop', 'muted', 'poster', 'width', 'height'],
    track: ['src', 'kind', 'label', 'srclang'],
    canvas: ['width', 'height'],
    td: ['colspan', 'rowspan', 'align', 'valign'],
    th: ['colspan', 'rowspan', 'align', 'valign', 'scope'],
    col: ['span', 'width'],
    ol: ['start', 'type', 'reversed'],
    li: ['value'],
    time: ['datetime'],
    progress: ['value', 'max'],
    meter: ['value', 'min', 'max', 'low', 'high', 'optimum'],
    form: ['method', 'name', 'autocomplete', 'novalidate'],
    input: [
      'type',
      'name',
      'value',
      'placeholder',
      'checked',
      'disabled',
      'readonly',
      'required',
      'min',
      'max',
      'step',
      'maxlength',
      'minlength',
      'pattern',
      'size',
      'autocomplete',
      'list',
    ],
    button: ['type', 'name', 'value', 'disabled'],
    select: ['name', 'multiple', 'disabled', 'required', 'size'],
    option: ['value', 'selected', 'disabled', 'label'],
    optgroup: ['label', 'disabled'],
    textarea: ['name', 'rows', 'cols', 'placeholder', 'disabled', 'readonly', 'required', 'maxlength'],
    label: ['for'],
    details: ['open'],
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https', 'data'], source: ['http', 'https', 'data'] },
  allowProtocolRelative: false,
  // Drop the content of forbidden raw-text containers too, not only the tags.
  nonTextTags: [
    'script',
    'style',
    'textarea',
    'option',
    'xmp',
    'noscript',
    'template',
    'iframe',
    'noembed',
    'noframes',
  ],
  disallowedTagsMode: 'discard',
  parseStyleAttributes: false,
  nestingLimit: 200,
};

/**
 * HTML artifacts are interactive pages: they keep their inline <script> elements (no src: the
 * renderer's CSP allows no network anyway). They run only in the sandboxed renderer on its own
 * origin, which is the real wall; everything else of the markup policy still applies.
 */
export const HTML_POLICY: sanitizeHtml.IOptions = {
  ...MARKUP_POLICY,
  allowedTags: [...(MARKUP_POLICY.allowedTags as string[]), 'script'],
  allowedAttributes: { ...(MARKUP_POLICY.allowedAttributes as Record<string, string[]>), script: ['type'] },
  nonTextTags: (MARKUP_POLICY.nonTextTags ?? []).filter((t) => t !== 'script'),
};

/** Sanitizes an HTML artifact (scripts kept) for the renderer. */
export function sanitizeArtifactHtml(html: string): string {
  return cleanStyleBlocks(sanitizeHtml(html, HTML_POLICY));
}

/** Sanitizes markup that must stay static, such as Markdown's HTML output (scripts removed). */
export function sanitizeStaticMarkup(html: string): string {
  return cleanStyleBlocks(sanitizeHtml(html, MARKUP_POLICY));
}
