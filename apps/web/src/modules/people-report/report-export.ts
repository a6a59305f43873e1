import type { TFunction } from 'i18next';
import type { ExportCell } from '../../lib/export-files';
import { dateFormat } from '../../lib/intl';
import type { PeopleReport, ReportCount, ReportPerson } from './api';

type T = TFunction<'people-report'>;

/** A headcount group's words: statuses and tenure buckets are translated, '' is "None", names stay as they are. */
export function groupLabel(t: T, section: 'status' | 'trade' | 'department' | 'division' | 'tenure', c: ReportCount): string {
  if (section === 'status') {
    if (c.key === '1') return t('status.active');
    if (c.key === '0') return t('status.archived');
    return t('status.other', { value: c.key });
  }
  if (section === 'tenure') return t(`tenure.${c.key as 'lt1'}`);
  return c.key === '' ? t('groups.none') : c.label;
}

export const SECTIONS = ['status', 'trade', 'department', 'division', 'tenure'] as const;
export type Section = (typeof SECTIONS)[number];
export const sectionRows = (r: PeopleReport, s: Section): ReportCount[] => r[`by_${s}`];

/** The missing details of a person, in words. */
export const missingWords = (t: T, p: ReportPerson) =>
  p.missing.map((m) => (m === 'email' ? t('lists.missingEmail') : t('lists.missingPhone'))).join(', ');

/** A person's last sign-in, in words: a local date, no account, or no recent sign-in. */
export function lastSeenWords(t: T, p: ReportPerson, language: string): string {
  if (!p.has_account) return t('lists.noAccount');
  if (!p.last_seen) return t('lists.never');
  return dateFormat(language, { dateStyle: 'medium' }).format(new Date(p.last_seen));
}

/** The report as export tables: the headcounts, and each list in full. */
export function exportTables(t: T, r: PeopleReport, missing: ReportPerson[], inactive: ReportPerson[], language: string) {
  const summary: ExportCell[][] = [[t('export.section'), t('export.group'), t('export.count')]];
  for (const s of SECTIONS) {
    for (const c of sectionRows(r, s)) summary.push([t(`groups.${s}`), groupLabel(t, s, c), c.count]);
  }
  const people = (list: ReportPerson[]): ExportCell[][] => [
    [t('lists.name'), t('lists.email'), t('lists.phone'), t('lists.missing'), t('lists.lastSeen')],
    ...list.map((p) => [p.name, p.email ?? '', p.phone ?? '', missingWords(t, p), lastSeenWords(t, p, language)]),
  ];
  return { summary, missing: people(missing), inactive: people(inactive) };
}

/** One CSV: the headcount table, a blank line, then each list under its title. */
export function csvTable(t: T, r: PeopleReport, tables: ReturnType<typeof exportTables>): ExportCell[][] {
  return [
    ...tables.summary,
    [],
    [t('lists.missingTitle')],
    ...tables.missing,
    [],
    [t('lists.inactiveTitle', { days: r.inactive_days })],
    ...tables.inactive,
  ];
}
