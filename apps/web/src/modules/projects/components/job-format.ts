import { JOB_STATUS } from '@groundwork/core/jobs';
import { dateFormat } from '../../../lib/intl';
import type { Job } from '../api/queries';

export const jobLabel = (job: Pick<Job, 'job' | 'job_abbr'>) => (job.job_abbr?.trim() ? `${job.job_abbr} · ${job.job}` : job.job);

export function formatDate(iso: string | null | undefined, language: string): string {
  if (!iso) return '—';
  // A calendar date: format it in UTC so no time zone moves it to the day before.
  return dateFormat(language, { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${iso}T00:00:00Z`));
}

export const statusKey = (status: number) => (status === JOB_STATUS.complete ? 'list.statusComplete' : 'list.statusActive');

export type StatusFilter = 'all' | 'active' | 'complete';

export function matchesJob(job: Job, text: string, status: StatusFilter): boolean {
  if (status === 'active' && job.status !== JOB_STATUS.active) return false;
  if (status === 'complete' && job.status !== JOB_STATUS.complete) return false;
  const q = text.trim().toLowerCase();
  if (!q) return true;
  return job.job.toLowerCase().includes(q) || (job.job_abbr ?? '').toLowerCase().includes(q);
}
