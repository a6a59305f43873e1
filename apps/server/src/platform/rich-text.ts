import sanitizeHtml from 'sanitize-html';

/**
 * Rich text from an editor (Tiptap on the web): the HTML kept is what the editor makes — paragraphs, headings,
 * emphasis, lists, quotes, links — and nothing that runs: no script, style, iframe, event handler or javascript:
 * link survives, so pasted HTML cannot inject anything into the app, an e-mail or a PDF.
 */
const RICH: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'strong', 'b', 'em', 'i', 'u', 's', 'ul', 'ol', 'li', 'a', 'h2', 'h3', 'h4', 'blockquote', 'code', 'pre', 'hr'],
  allowedAttributes: { a: ['href', 'title', 'rel', 'target'] },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowProtocolRelative: false,
  transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer nofollow', target: '_blank' }) },
};

export function sanitiseRichText(html: string): string {
  return sanitizeHtml(html, RICH).trim();
}

/** The same text without markup, one line per block, for plain-text e-mail and PDFs. */
export function richTextToPlain(html: string): string {
  const blocks = sanitizeHtml(html.replace(/<\/(p|h[1-6]|li|blockquote|pre)>|<br\s*\/?>/gi, '$&\n'), {
    allowedTags: [],
    allowedAttributes: {},
  });
  return blocks
    .split('\n')
    .map((l) => l.replace(/\s+/g, ' ').trim())
    .filter(Boolean)
    .join('\n')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'");
}
