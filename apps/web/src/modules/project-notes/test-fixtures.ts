import type { Report } from './api';

/** A daily report as the API answers it: Ana Cruz's, on Main Street for 2026-03-02, empty and not sent; `patch` over that. */
export const report = (id: number, patch: Partial<Report>): Report => ({
  id,
  uuid: `00000000-0000-4000-8000-0000000001${String(id).padStart(2, '0')}`,
  jobs_id: 1,
  job_label: 'MS · Main Street',
  employees_id: 11,
  employee_name: 'Ana Cruz',
  for_date: '2026-03-02',
  status: 1,
  email_to: null,
  cc_email_to: null,
  notes_html: null,
  work_performed: null,
  equipment: null,
  deliveries: null,
  delays: null,
  safety: null,
  weather: null,
  manpower: [],
  photos: [],
  sent_on: null,
  sent_to: null,
  send_count: 0,
  revised: false,
  ...patch,
});
