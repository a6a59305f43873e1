import { JOB_STATUS } from '@groundwork/core/jobs';
import type { Job } from '../api/queries';

export const statusKey = (status: number) => (status === JOB_STATUS.complete ? 'list.statusComplete' : 'list.statusActive');

export type StatusFilter = 'all' | 'active' | 'complete';

export function matchesJob(job: Job, text: string, status: StatusFilter): boolean {
  if (status === 'active' && job.status !== JOB_STATUS.active) return false;
  if (status === 'complete' && job.status !== JOB_STATUS.complete) return false;
  const q = text.trim().toLowerCase();
  if (!q) return true;
  return job.job.toLowerCase().includes(q) || (job.job_abbr ?? '').toLowerCase().includes(q);
}
