/** A report's day ('2026-11-27') in the reader's language: "Fri, Nov 27, 2026", "vie, 27 nov 2026". */
export function reportDay(day: string, language: string): string {
  const date = new Date(`${day}T12:00:00Z`);
  if (Number.isNaN(date.getTime())) return day;
  return date.toLocaleDateString(language, { weekday: 'short', month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
}

/** A month of the Month filter ('2026-11') in the reader's language: "November 2026", "noviembre de 2026". */
export function reportMonth(month: string, language: string): string {
  const date = new Date(`${month}-15T12:00:00Z`);
  if (Number.isNaN(date.getTime())) return month;
  return date.toLocaleDateString(language, { month: 'long', year: 'numeric', timeZone: 'UTC' });
}

/** The Month filter's choices: this month and the `count - 1` before it, newest first ('2026-11', '2026-10', …). */
export function recentMonths(today: Date, count = 24): string[] {
  const months: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const d = new Date(Date.UTC(today.getFullYear(), today.getMonth() - i, 15));
    months.push(`${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`);
  }
  return months;
}
