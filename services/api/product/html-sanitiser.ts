/**
 * Seller HTML (product `text`) is sanitised on output (storefront shows it as HTML): an allow-list of tags and
 * attributes, http(s)/relative URLs only, no scripts, styles, event handlers, frames or forms. Built on
 * sanitize-html (htmlparser2): a real parser, so malformed markup cannot smuggle a tag past a pattern.
 */
import sanitize from 'sanitize-html';

const TEXT_TAGS = [
  'p', 'br', 'hr', 'div', 'span', 'section', 'article', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'b', 'strong', 'i', 'em', 'u',
  's', 'del', 'ins', 'mark', 'small', 'sub', 'sup', 'blockquote', 'pre', 'code', 'ul', 'ol', 'li', 'dl', 'dt', 'dd',
  'figure', 'figcaption',
];
const TABLE_TAGS = ['table', 'caption', 'colgroup', 'col', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td'];

const OPTIONS: sanitize.IOptions = {
  allowedTags: [...TEXT_TAGS, ...TABLE_TAGS, 'a', 'img'],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height', 'loading'],
    th: ['colspan', 'rowspan', 'align', 'scope'],
    td: ['colspan', 'rowspan', 'align'],
    col: ['span'],
    colgroup: ['span'],
    ol: ['start'],
  },
  allowedSchemes: ['http', 'https'],
  allowedSchemesByTag: { a: ['http', 'https', 'mailto'] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    // a link that opens a new tab must not hand the opener window to the seller's page
    a: (tagName, attribs) => ({
      tagName,
      attribs: attribs.target === '_blank'
        ? { ...attribs, rel: 'noopener noreferrer nofollow' }
        : { ...attribs, target: '', rel: 'nofollow' },
    }),
    img: (tagName, attribs) => ({ tagName, attribs: { ...attribs, loading: 'lazy' } }),
  },
  exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
};

export const sanitiseSellerHtml = (html: string): string => sanitize(html, OPTIONS);
