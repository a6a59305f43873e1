/** The start of an announcement's (sanitised HTML) body as plain text, for the dashboard's pinned card. */
export function htmlToText(html: string): string {
  const doc = new DOMParser().parseFromString(html.replace(/<br\s*\/?>/gi, '\n').replace(/<\/p>\s*<p[^>]*>/gi, '\n\n'), 'text/html');
  return (doc.body.textContent ?? '').trim();
}
