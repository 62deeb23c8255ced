import MarkdownIt from 'markdown-it';
import sanitizeHtml from 'sanitize-html';

// Pages are written in Markdown by staff and shown to every shopper as HTML, so the HTML is made
// safe twice: markdown-it with `html: false` writes raw HTML in the source out as text and refuses
// javascript:, vbscript:, file: and data: links; sanitize-html then keeps only the tags and
// attributes Markdown produces, and only http(s), mailto, tel and relative URLs.
const markdown = new MarkdownIt({ html: false, linkify: true, typographer: true });

const ALLOWED_TAGS = [
  ...['h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'p', 'br', 'hr', 'blockquote', 'pre', 'code'],
  ...['ul', 'ol', 'li', 'strong', 'em', 's', 'a', 'img'],
  ...['table', 'thead', 'tbody', 'tr', 'th', 'td'],
];

const SANITIZE: sanitizeHtml.IOptions = {
  allowedTags: ALLOWED_TAGS,
  allowedAttributes: {
    a: ['href', 'title'],
    img: ['src', 'alt', 'title'],
    ol: ['start'],
    th: ['style'],
    td: ['style'],
  },
  allowedStyles: { '*': { 'text-align': [/^(?:left|right|center)$/] } },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowProtocolRelative: false,
  transformTags: {
    // Links that leave the shop open without giving the other site a handle on this page.
    a: (tagName, attribs) =>
      /^https?:/i.test(attribs.href ?? '')
        ? { tagName, attribs: { ...attribs, rel: 'noopener noreferrer nofollow' } }
        : { tagName, attribs },
  },
};
SANITIZE.allowedAttributes = { ...SANITIZE.allowedAttributes, a: ['href', 'title', 'rel'] };

/** A page's Markdown as HTML that is safe to put in the storefront as it is. */
export function renderMarkdown(source: string): string {
  return sanitizeHtml(markdown.render(source), SANITIZE);
}

/** The Markdown as one line of plain text (a page's description when it has none of its own). */
export const markdownToPlainText = (source: string) =>
  source
    .replace(/!\[[^\]]*\]\([^)]*\)/g, '')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/^\s{0,3}(?:#{1,6}|>|[-+*]|\d+\.)\s+/gm, '')
    .replace(/[*_`~|]+/g, '');
