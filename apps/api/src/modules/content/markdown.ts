import type MarkdownIt from 'markdown-it';
import type sanitizeHtml from 'sanitize-html';

// Pages are written in Markdown by staff and shown to every shopper as HTML, so the HTML is made
// safe twice: markdown-it with `html: false` writes raw HTML in the source out as text and refuses
// javascript:, vbscript:, file: and data: links; sanitize-html then keeps only the tags and
// attributes Markdown produces, and only http(s), mailto, tel and relative URLs.
let renderer:
  | Promise<{ markdown: InstanceType<typeof MarkdownIt>; sanitize: typeof sanitizeHtml }>
  | undefined;
// markdown-it and sanitize-html load with the first page rendered (then cached): few requests need
// them, the server starts without them, and markdown-it's typographer's rules are code the bundle
// would keep outside Latin-1 (scripts/targets.mjs).
const loadRenderer = () =>
  (renderer ??= Promise.all([import('markdown-it'), import('sanitize-html')]).then(
    ([{ default: Markdown }, { default: sanitize }]) => ({
      markdown: new Markdown({ html: false, linkify: true, typographer: true }),
      sanitize,
    }),
  ));

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
export async function renderMarkdown(source: string): Promise<string> {
  const { markdown, sanitize } = await loadRenderer();
  return sanitize(markdown.render(source), SANITIZE);
}

/** The Markdown as one line of plain text (a page's description when it has none of its own). */
export const markdownToPlainText = (source: string) =>
  source
    .replace(/!\[[^\]]*\]\([^)]*\)/g, '')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/^\s{0,3}(?:#{1,6}|>|[-+*]|\d+\.)\s+/gm, '')
    .replace(/[*_`~|]+/g, '');
