import { costcodeLabel, jobLabel, personName } from '@groundwork/core/names';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import {
  receiptBudgetCodesQueryOptions,
  receiptCostcodesQueryOptions,
  receiptJobsQueryOptions,
  receiptPeopleQueryOptions,
} from '../api/queries';
import type { CodeOption, JobOption } from './split-editor';

export interface ReceiptLookups {
  jobs: JobOption[];
  people: { id: number; label: string }[];
  jobName: (id: number | null | undefined, fallback?: string | null) => string;
  codeName: (id: number | null | undefined) => string;
  /** The cost codes budgeted on a job (any cost code the company has when the job has none listed). */
  codesFor: (jobId: number | null) => CodeOption[];
  loading: boolean;
  failed: boolean;
}

/** Jobs, cost codes and (for admins) people, with the labels the lists and the form show. */
export function useReceiptLookups(tenant: string, { people: wantPeople = false } = {}): ReceiptLookups {
  const jobsQuery = useQuery(receiptJobsQueryOptions(tenant));
  const jobIds = useMemo(() => jobsQuery.data?.map((j) => j.id) ?? [], [jobsQuery.data]);
  const budget = useQuery({ ...receiptBudgetCodesQueryOptions(tenant, jobIds), enabled: jobsQuery.isSuccess });
  const codes = useQuery(receiptCostcodesQueryOptions(tenant));
  const peopleQuery = useQuery({ ...receiptPeopleQueryOptions(tenant), enabled: wantPeople });

  return useMemo(() => {
    const jobs = (jobsQuery.data ?? []).map((j) => ({ id: j.id, label: jobLabel(j) }));
    const jobMap = new Map(jobs.map((j) => [j.id, j.label]));
    const codeMap = new Map((codes.data ?? []).map((c) => [c.id, costcodeLabel(c)]));
    for (const b of budget.data ?? []) if (!codeMap.has(b.costcodes_id)) codeMap.set(b.costcodes_id, costcodeLabel(b));
    const byJob = new Map<number, CodeOption[]>();
    for (const b of budget.data ?? []) {
      byJob.set(b.jobs_id, [...(byJob.get(b.jobs_id) ?? []), { id: b.costcodes_id, label: costcodeLabel(b) }]);
    }
    const allCodes = [...codeMap].map(([id, label]) => ({ id, label })).sort((a, b) => a.label.localeCompare(b.label));
    return {
      jobs,
      people: (peopleQuery.data ?? []).map((p) => ({ id: p.id, label: personName(p) })),
      jobName: (id, fallback) => (id == null ? '' : (jobMap.get(id) ?? fallback ?? `#${id}`)),
      codeName: (id) => (id == null ? '' : (codeMap.get(id) ?? `#${id}`)),
      codesFor: (jobId) => (jobId === null ? [] : (byJob.get(jobId) ?? allCodes)),
      loading: jobsQuery.isPending,
      failed: jobsQuery.isError,
    };
  }, [jobsQuery.data, jobsQuery.isPending, jobsQuery.isError, budget.data, codes.data, peopleQuery.data]);
}
