import sanitizeHtml from 'sanitize-html';
import { cleanStyleBlocks } from './css';
import { SMIL_TAGS, isHostileAnimation } from './smil';
import { prepareMarkup } from './nesting-cap';

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

/** Nested browsing contexts, plug-ins and <base>: in no artifact (spec §2; the CSP refuses them too). */
const FRAMES_AND_PLUGINS = ['iframe', 'frame', 'frameset', 'object', 'embed', 'applet', 'base', 'portal'];

/** Never in static markup, whatever the lists above say. */
export const FORBIDDEN_HTML_TAGS = [...FRAMES_AND_PLUGINS, 'meta', 'link', 'noscript', 'template'];

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
 * What an HTML artifact may not keep, with everything inside: nested browsing contexts and
 * plug-ins (the renderer's CSP refuses them anyway, spec §2), <base> (it would re-point the
 * renderer's own relative URLs), and <noscript> (scripts always run, so it is never shown).
 */
const HTML_DROPPED = new Set([...FRAMES_AND_PLUGINS, 'noscript']);

/**
 * HTML artifacts are programs, shown as their author wrote them: inline and external scripts,
 * event-handler attributes, inline SVG (with SMIL animation), MathML, <link> stylesheets, forms
 * and every attribute stay. The wall is the renderer — a separate origin, the iframe sandbox and
 * its CSP, which decides what loads (the library mirror rewrites well-known CDN URLs to its own
 * copies at render time) — not this policy, which only removes what the sandbox never needs:
 * HTML_DROPPED, <meta http-equiv> (refresh, cookies, a second CSP), script URLs in any link
 * attribute, hostile animations, and subresource integrity (the mirror's bytes differ from the
 * CDN's, and a hash mismatch would block a library that is otherwise served).
 */
export const HTML_POLICY: sanitizeHtml.IOptions = {
  allowedTags: false,
  allowedAttributes: false,
  // Valueless attributes mean something (`hidden`, `download`, `open`, `async`, `defer`): keep them.
  nonBooleanAttributes: [],
  allowVulnerableTags: true,
  allowedSchemes: ['http', 'https', 'mailto', 'tel', 'data', 'blob'],
  allowedSchemesByTag: {
    a: ['http', 'https', 'mailto', 'tel', 'data', 'blob'],
  },
  allowedSchemesAppliedToAttributes: [
    'href',
    'src',
    'cite',
    'action',
    'formaction',
    'xlink:href',
    'poster',
    'background',
    'data',
    'ping',
  ],
  allowProtocolRelative: true,
  exclusiveFilter: (frame) => {
    const tag = frame.tag.toLowerCase();
    if (HTML_DROPPED.has(tag)) return true;
    if (tag === 'meta') return Object.keys(frame.attribs).some((a) => a.toLowerCase() === 'http-equiv');
    return SMIL_TAGS.has(tag) && isHostileAnimation(frame.attribs);
  },
  transformTags: { '*': withoutIntegrity },
  nonTextTags: ['noscript', 'iframe', 'noembed', 'noframes'],
  disallowedTagsMode: 'discard',
  parseStyleAttributes: false,
  nestingLimit: 200,
};

function withoutIntegrity(tagName: string, attribs: sanitizeHtml.Attributes): sanitizeHtml.Tag {
  if (!('integrity' in attribs)) return { tagName, attribs };
  const { integrity: _dropped, ...rest } = attribs;
  return { tagName, attribs: rest };
}

/** Sanitizes an HTML artifact (a full program: see HTML_POLICY) for the renderer. */
export function sanitizeArtifactHtml(html: string): string {
  const { markup, restore } = prepareMarkup(html);
  // Its CSS reaches the browser as written (no cleanStyleBlocks): @import, url(), data URLs with
  // inline SVG, `content: "<"`, custom properties. The page runs its own scripts anyway; the
  // renderer's origin, sandbox and CSP decide what loads.
  return restore(sanitizeHtml(markup, HTML_POLICY));
}

/** Sanitizes markup that must stay static, such as Markdown's HTML output (scripts removed). */
export function sanitizeStaticMarkup(html: string): string {
  const { markup, restore } = prepareMarkup(html);
  return cleanStyleBlocks(restore(sanitizeHtml(markup, MARKUP_POLICY)));
}
