import { builder } from '../../graphql/builder.js';
import { pageRef } from '../../graphql/paging.js';
import type { Draft, ReportRow } from './project-notes.service.js';

// --- Types ------------------------------------------------------------------------------------------

type PhotoView = { uuid: string; caption: string | null; thumbnail_base64: string | null; original_name: string };
export type ReportView = ReportRow & { photo_files?: PhotoView[] };

const ReportPhotoRef = builder.objectRef<PhotoView>('DailyReportPhoto').implement({
  fields: (t) => ({
    uuid: t.exposeID('uuid'),
    caption: t.exposeString('caption', { nullable: true }),
    original_name: t.exposeString('original_name'),
    thumbnail_base64: t.exposeString('thumbnail_base64', { nullable: true }),
  }),
});

export const DailyReportRef = builder.objectRef<ReportView>('DailyReport').implement({
  description: 'A daily report: one job on one day, with its sections, crew hours and photos.',
  fields: (t) => ({
    id: t.exposeInt('id'),
    uuid: t.exposeID('uuid'),
    jobs_id: t.exposeInt('jobs_id'),
    job_label: t.exposeString('job_label', { nullable: true }),
    employees_id: t.exposeInt('employees_id'),
    employee_name: t.exposeString('employee_name', { nullable: true }),
    for_date: t.exposeString('for_date'),
    status: t.exposeInt('status', { description: '1 active; anything else archived.' }),
    email_to: t.exposeString('email_to', { nullable: true }),
    cc_email_to: t.exposeString('cc_email_to', { nullable: true }),
    notes_html: t.exposeString('notes_html', { nullable: true }),
    work_performed: t.exposeString('work_performed', { nullable: true }),
    equipment: t.exposeString('equipment', { nullable: true }),
    deliveries: t.exposeString('deliveries', { nullable: true }),
    delays: t.exposeString('delays', { nullable: true }),
    safety: t.exposeString('safety', { nullable: true }),
    weather: t.exposeString('weather', { nullable: true }),
    manpower: t.field({ type: 'JSON', resolve: (r) => r.manpower }),
    photos: t.field({ type: [ReportPhotoRef], resolve: (r) => r.photo_files ?? [] }),
    sent_on: t.exposeString('sent_on', { nullable: true }),
    sent_to: t.exposeString('sent_to', { nullable: true }),
    send_count: t.exposeInt('send_count'),
    revised: t.exposeBoolean('revised', { description: 'Changed after it was sent.' }),
  }),
});

export const DailyReportConnectionRef = pageRef('DailyReportConnection', DailyReportRef);

export const DraftRef = builder.objectRef<Draft>('DailyReportDraft').implement({
  description: 'What the app already knows for a job and day (or yesterday’s standing sections), for the writer to edit.',
  fields: (t) => ({
    manpower: t.field({ type: 'JSON', resolve: (d) => d.manpower }),
    work_performed: t.exposeString('work_performed', { nullable: true }),
    equipment: t.exposeString('equipment', { nullable: true }),
    deliveries: t.exposeString('deliveries', { nullable: true }),
    delays: t.exposeString('delays', { nullable: true }),
    safety: t.exposeString('safety', { nullable: true }),
    weather: t.exposeString('weather', { nullable: true }),
    email_to: t.exposeString('email_to', { nullable: true }),
    cc_email_to: t.exposeString('cc_email_to', { nullable: true }),
  }),
});

export const SaveReportResultRef = builder.objectRef<{ report: ReportView; message: string }>('SaveDailyReportResult').implement({
  fields: (t) => ({
    report: t.field({ type: DailyReportRef, resolve: (r) => r.report }),
    message: t.exposeString('message'),
  }),
});

const ManpowerCodeInput = builder.inputType('ManpowerCodeInput', {
  fields: (t) => ({ costcode: t.string({ required: true }), hours: t.float({ required: true }) }),
});
const ManpowerInput = builder.inputType('ManpowerInput', {
  fields: (t) => ({
    employees_id: t.int({ required: false }),
    name: t.string({ required: true }),
    hours: t.float({ required: true }),
    costcodes: t.field({ type: [ManpowerCodeInput], required: true }),
  }),
});
const ReportPhotoInput = builder.inputType('DailyReportPhotoInput', {
  fields: (t) => ({ uuid: t.string({ required: true }), caption: t.string({ required: false }) }),
});
export const DailyReportInput = builder.inputType('DailyReportInput', {
  fields: (t) => ({
    jobs_id: t.int({ required: true }),
    for_date: t.string({ required: true }),
    email_to: t.string({ required: false }),
    cc_email_to: t.string({ required: false }),
    notes_html: t.string({ required: false }),
    work_performed: t.string({ required: false }),
    equipment: t.string({ required: false }),
    deliveries: t.string({ required: false }),
    delays: t.string({ required: false }),
    safety: t.string({ required: false }),
    weather: t.string({ required: false }),
    manpower: t.field({ type: [ManpowerInput], required: false }),
    photos: t.field({ type: [ReportPhotoInput], required: false }),
  }),
});
