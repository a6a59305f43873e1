/**
 * The announcement form writes plain text; the server stores (sanitised) HTML. Paragraphs are blank-line separated,
 * single line breaks are kept, and web addresses become links.
 */
const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export function textToHtml(text: string): string {
  return text
    .trim()
    .split(/\n\s*\n/)
    .filter((p) => p.trim())
    .map((p) => {
      const linked = escapeHtml(p.trim()).replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`);
      return `<p>${linked.replace(/\n/g, '<br />')}</p>`;
    })
    .join('');
}

export function htmlToText(html: string): string {
  const doc = new DOMParser().parseFromString(html.replace(/<br\s*\/?>/gi, '\n').replace(/<\/p>\s*<p[^>]*>/gi, '\n\n'), 'text/html');
  return (doc.body.textContent ?? '').trim();
}
