import type { ManpowerLine, REPORT_SECTIONS } from '@groundwork/core/project-notes';
import { localToday } from '../../lib/dates';
import { manpowerOf, type Report } from './api';

type Section = (typeof REPORT_SECTIONS)[number];
/** The report dialog's form: what the fields hold as typed (kept on the device as a draft). */
export type ReportValues = {
  jobs_id: number | null;
  for_date: string;
  email_to: string;
  cc_email_to: string;
  notes_html: string;
  weather: string;
  manpower: ManpowerLine[];
  captions: Record<string, string>;
} & Record<Section, string>;

/** The form as the dialog opens: the report's values, or a new report for today on the default job. */
export function initialReport(report: Report | null, jobId: number | null): ReportValues {
  return {
    jobs_id: report?.jobs_id ?? jobId,
    for_date: report?.for_date ?? localToday(),
    email_to: report?.email_to ?? '',
    cc_email_to: report?.cc_email_to ?? '',
    notes_html: report?.notes_html ?? '',
    weather: report?.weather ?? '',
    manpower: report ? manpowerOf(report) : [],
    captions: Object.fromEntries((report?.photos ?? []).map((p) => [p.uuid, p.caption ?? ''])),
    work_performed: report?.work_performed ?? '',
    equipment: report?.equipment ?? '',
    deliveries: report?.deliveries ?? '',
    delays: report?.delays ?? '',
    safety: report?.safety ?? '',
  };
}

/** The form as the server's input (not yet checked); photos in upload order with their captions. */
export function reportInput(values: ReportValues, photos: string[]) {
  return {
    jobs_id: values.jobs_id ?? 0,
    for_date: values.for_date,
    email_to: values.email_to || null,
    cc_email_to: values.cc_email_to || null,
    notes_html: values.notes_html || null,
    work_performed: values.work_performed || null,
    equipment: values.equipment || null,
    deliveries: values.deliveries || null,
    delays: values.delays || null,
    safety: values.safety || null,
    weather: values.weather || null,
    manpower: values.manpower.map((m) => ({ employees_id: m.employees_id, name: m.name, hours: m.hours, costcodes: m.costcodes })),
    photos: photos.map((uuid) => ({ uuid, caption: values.captions[uuid]?.trim() || null })),
  };
}
