import { builder } from '../../graphql/builder.js';
import { pageRef } from '../../graphql/paging.js';
import type { AnnouncementRow } from './announcements.service.js';

export type Stats = { audience: number; seen: number; acknowledged: number };
export type View = AnnouncementRow & { author_name: string | null; seen_on: string | null; acked_on: string | null; stats: Stats | null };

const StatsRef = builder.objectRef<Stats>('AnnouncementStats').implement({
  fields: (t) => ({
    audience: t.exposeInt('audience', { description: 'Active people the announcement reaches now.' }),
    seen: t.exposeInt('seen'),
    acknowledged: t.exposeInt('acknowledged'),
  }),
});

export const AnnouncementRef = builder.objectRef<View>('Announcement').implement({
  description: "An announcement with the caller's own seen and acknowledged times; stats only for announcement admins.",
  fields: (t) => ({
    id: t.exposeInt('id'),
    title: t.exposeString('title'),
    body: t.exposeString('body', { description: 'Sanitised HTML.' }),
    start_date: t.exposeString('start_date'),
    exp_date: t.exposeString('exp_date'),
    employee_id: t.exposeInt('employee_id', { nullable: true }),
    author_name: t.exposeString('author_name', { nullable: true }),
    status: t.exposeInt('status'),
    is_default: t.exposeBoolean('is_default'),
    on_app: t.exposeBoolean('on_app'),
    requires_ack: t.exposeBoolean('requires_ack'),
    audience: t.exposeString('audience'),
    audience_ids: t.field({ type: ['Int'], resolve: (a) => a.audience_ids ?? [] }),
    seen_on: t.exposeString('seen_on', { nullable: true }),
    acked_on: t.exposeString('acked_on', { nullable: true }),
    stats: t.field({ type: StatsRef, nullable: true, resolve: (a) => a.stats }),
    created_on: t.exposeString('created_on'),
    updated_on: t.exposeString('updated_on'),
  }),
});

export const AnnouncementPageRef = pageRef('AnnouncementPage', AnnouncementRef);

export type Reader = { employees_id: number; name: string | null; seen_on: string | null; acked_on: string | null };
const ReaderRef = builder.objectRef<Reader>('AnnouncementReader').implement({
  fields: (t) => ({
    employees_id: t.exposeInt('employees_id'),
    name: t.exposeString('name', { nullable: true }),
    seen_on: t.exposeString('seen_on', { nullable: true }),
    acked_on: t.exposeString('acked_on', { nullable: true }),
  }),
});
export const ReadersRef = builder.objectRef<Stats & { people: Reader[] }>('AnnouncementReaders').implement({
  fields: (t) => ({
    audience: t.exposeInt('audience'),
    seen: t.exposeInt('seen'),
    acknowledged: t.exposeInt('acknowledged'),
    people: t.field({ type: [ReaderRef], resolve: (r) => r.people }),
  }),
});
