import sanitizeHtml from 'sanitize-html';

/**
 * The allow-list news html is cut down to when staff save it: the tags the console's editor
 * produces (paragraphs, headings, lists, quotes, code, emphasis, links, images), nothing else.
 * Scripts, styles, frames, forms and every event handler are dropped; links and images keep only
 * http(s) urls (links also mailto:) or paths on this site, so no `javascript:` or `data:` url
 * survives. The user pages sanitize again before display.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'h1', 'h2', 'h3', 'h4', 'strong', 'b', 'em', 'i', 'u', 's', 'ul', 'ol', 'li', 'blockquote', 'pre', 'code', 'hr', 'a', 'img'],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height'],
  },
  allowedSchemes: ['http', 'https'],
  allowedSchemesByTag: { a: ['http', 'https', 'mailto'] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  // Dropped with their content, not only their tags.
  nonTextTags: ['script', 'style', 'textarea', 'noscript', 'iframe', 'object', 'embed', 'template'],
  disallowedTagsMode: 'discard',
  transformTags: {
    // A link leaves the app in a new tab without handing it a window.opener.
    a: (tagName, attribs) => ({
      tagName,
      attribs: { ...attribs, ...(attribs.target === '_blank' ? { rel: 'noopener noreferrer' } : {}) },
    }),
  },
};

export function sanitizeNewsHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}
