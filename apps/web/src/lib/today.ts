// Imports nothing: the page's first script asks for today's dashboard with it (lib/early-reads.ts).

/**
 * Today as 'YYYY-MM-DD' in the reader's own calendar (their time zone): what "today", "overdue", an announcement's
 * window or a lapsed insurance mean to the person looking, not to UTC.
 */
export function localToday(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
