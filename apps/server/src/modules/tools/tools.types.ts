import { builder } from '../../graphql/builder.js';
import { pageRef } from '../../graphql/paging.js';
import type { FileSummary } from '../files/files.service.js';
import type { LogRow, ReservationRow, ToolRow } from './tools.service.js';
import type { containers } from './tools.table.js';

// --- Types ------------------------------------------------------------------------------------------

const ToolPhotoRef = builder.objectRef<FileSummary>('ToolPhoto').implement({
  fields: (t) => ({
    uuid: t.exposeID('uuid'),
    original_name: t.exposeString('original_name'),
    mimetype: t.exposeString('mimetype'),
    thumbnail_base64: t.exposeString('thumbnail_base64', { nullable: true }),
  }),
});

export type ToolView = ToolRow & { photos?: FileSummary[] };

export const ToolRef = builder.objectRef<ToolView>('Tool').implement({
  description: 'A tool with the name of the container it is in. Money is integer cents.',
  fields: (t) => ({
    id: t.exposeInt('id'),
    uuid: t.exposeID('uuid'),
    tool_number: t.exposeString('tool_number'),
    name: t.exposeString('name'),
    description: t.exposeString('description', { nullable: true }),
    category: t.exposeString('category', { nullable: true }),
    make: t.exposeString('make', { nullable: true }),
    model: t.exposeString('model', { nullable: true }),
    serial: t.exposeString('serial', { nullable: true }),
    purchase_date: t.exposeString('purchase_date', { nullable: true }),
    purchase_cost_cents: t.exposeInt('purchase_cost_cents', { nullable: true }),
    status: t.exposeInt('status', { description: '1 active; anything else archived.' }),
    container_id: t.exposeInt('container_id'),
    container_name: t.exposeString('container_name', { nullable: true }),
    last_log: t.field({ type: 'JSON', nullable: true, resolve: (r) => r.last_log ?? null }),
    photos: t.field({
      type: [ToolPhotoRef],
      resolve: (r) => r.photos ?? [],
    }),
  }),
});

export const ToolConnectionRef = pageRef('ToolConnection', ToolRef);

const ToolLogRef = builder.objectRef<LogRow>('ToolLog').implement({
  fields: (t) => ({
    id: t.exposeInt('id'),
    tools_id: t.exposeInt('tools_id'),
    from_container_id: t.exposeInt('from_container_id', { nullable: true }),
    from_name: t.exposeString('from_name', { nullable: true }),
    to_container_id: t.exposeInt('to_container_id'),
    to_name: t.exposeString('to_name', { nullable: true }),
    employees_id: t.exposeInt('employees_id', { nullable: true }),
    employee_name: t.exposeString('employee_name', { nullable: true }),
    note: t.exposeString('note', { nullable: true }),
    created_on: t.exposeString('created_on'),
  }),
});

export const ToolLogPageRef = pageRef('ToolLogPage', ToolLogRef);

type ContainerView = typeof containers.$inferSelect & { tool_count: number; job_label: string | null; employee_name: string | null };
export const ContainerRef = builder.objectRef<ContainerView>('Container').implement({
  fields: (t) => ({
    id: t.exposeInt('id'),
    container_name: t.exposeString('container_name'),
    hq: t.exposeBoolean('hq'),
    status: t.exposeInt('status'),
    jobs_id: t.exposeInt('jobs_id', { nullable: true }),
    employees_id: t.exposeInt('employees_id', { nullable: true }),
    job_label: t.exposeString('job_label', { nullable: true }),
    employee_name: t.exposeString('employee_name', { nullable: true }),
    tool_count: t.exposeInt('tool_count'),
  }),
});

export const ReservationRef = builder.objectRef<ReservationRow & { overdue: boolean }>('Reservation').implement({
  fields: (t) => ({
    id: t.exposeInt('id'),
    tools_id: t.exposeInt('tools_id'),
    tool_name: t.exposeString('tool_name', { nullable: true }),
    tool_number: t.exposeString('tool_number', { nullable: true }),
    start_date: t.exposeString('start_date'),
    end_date: t.exposeString('end_date'),
    status: t.exposeInt('status'),
    is_completed: t.exposeBoolean('is_completed'),
    employees_id: t.exposeInt('employees_id', { nullable: true }),
    employee_name: t.exposeString('employee_name', { nullable: true }),
    jobs_id: t.exposeInt('jobs_id', { nullable: true }),
    job_label: t.exposeString('job_label', { nullable: true }),
    note: t.exposeString('note', { nullable: true }),
    checked_out_on: t.exposeString('checked_out_on', { nullable: true }),
    checked_in_on: t.exposeString('checked_in_on', { nullable: true }),
    overdue: t.exposeBoolean('overdue', { description: 'Active and past its end date.' }),
  }),
});
