import DOMPurify from 'dompurify';

/**
 * The article body as it may be shown. The server sanitized it when staff saved it; it is cleaned
 * again here before it reaches the page (a row written another way, an older allow-list), with the
 * same allow-list: text markup, links and images only, no scripts, styles, frames, forms or
 * handlers, and only http(s), mailto or same-site urls. Links open outside the app.
 */
const ALLOWED_TAGS = ['p', 'br', 'h1', 'h2', 'h3', 'h4', 'strong', 'b', 'em', 'i', 'u', 's', 'ul', 'ol', 'li', 'blockquote', 'pre', 'code', 'hr', 'a', 'img'];
const ALLOWED_ATTR = ['href', 'title', 'src', 'alt', 'width', 'height'];
const SAFE_URL = /^(?:https?:|mailto:|\/(?!\/))/i;

let hooked = false;
function ensureHook(): void {
  if (hooked) return;
  hooked = true;
  DOMPurify.addHook('afterSanitizeAttributes', (node) => {
    for (const attr of ['href', 'src']) {
      const value = node.getAttribute(attr);
      if (value !== null && !SAFE_URL.test(value.trim())) node.removeAttribute(attr);
    }
    if (node.tagName === 'A' && node.hasAttribute('href')) {
      node.setAttribute('target', '_blank');
      node.setAttribute('rel', 'noopener noreferrer');
    }
  });
}

export function articleHtml(html: string): string {
  ensureHook();
  return DOMPurify.sanitize(html, { ALLOWED_TAGS, ALLOWED_ATTR, ALLOW_DATA_ATTR: false });
}
