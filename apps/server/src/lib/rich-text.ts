import sanitizeHtml from 'sanitize-html';

/**
 * What rich text (store listings, legal terms) may hold: headings, paragraphs, lists, tables, emphasis and links.
 * Anything else is dropped with its contents when it can run or hide content (script, style, iframe,
 * object, embed, form...) and unwrapped otherwise. No attribute survives but a link's href, target and
 * title and a table cell's spans; no style, no event handler. Links take http(s), mailto and tel only, so
 * `javascript:`, `vbscript:` and `data:` URLs, however encoded, are removed.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'hr',
    'h2',
    'h3',
    'h4',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'sub',
    'sup',
    'code',
    'pre',
    'blockquote',
    'ul',
    'ol',
    'li',
    'a',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
  ],
  allowedAttributes: { a: ['href', 'target', 'title', 'rel'], th: ['colspan', 'rowspan'], td: ['colspan', 'rowspan'] },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // Their text is not content: dropped with the tag rather than shown as words.
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object', 'embed', 'template', 'title'],
  transformTags: {
    // A link that opens a new tab must not hand the store page to it.
    a: (tagName, attribs) => ({
      tagName,
      attribs: attribs.target ? { ...attribs, target: '_blank', rel: 'noopener noreferrer' } : attribs,
    }),
  },
};

/** Rich text as stored: safe HTML, trimmed; text with nothing but whitespace or empty tags becomes ''. */
export function sanitizeRichText(html: string): string {
  const clean = sanitizeHtml(html, OPTIONS).trim();
  return clean.replace(/<[^>]*>|&nbsp;|\s/g, '') === '' ? '' : clean;
}
