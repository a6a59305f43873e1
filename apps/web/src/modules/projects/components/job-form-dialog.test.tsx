import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { answerOperations, renderWithQueries, requestCalls, setupGraphQLEndpoint } from '../../../shell/test-utils';
import type { Job } from '../api/queries';
import { JobFormDialog } from './job-form-dialog';

setupGraphQLEndpoint();

const TENANT = '00000000-0000-4000-8000-000000000045';
const job = {
  id: 7,
  job: 'Riverside Medical Office Building',
  job_abbr: 'RMOB',
  status: 1,
  customer: null,
  description: null,
  start_date: '2026-03-02',
  end_date: '2026-05-29',
  milestones: [{ title: 'Mobilize', date: '2026-03-02', done: false }],
} as unknown as Job;

beforeEach(() => {
  answerOperations({
    UpdateJobs: (v) => ({ updateJobs: v.data }),
    CreateJobs: () => ({ createJobs: [{ id: 8 }] }),
  });
});

const date = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

describe('job form dates (one date field across the app)', () => {
  it("shows the job's days in date inputs, refuses an end before the start, and saves ISO days (a cleared one as null)", async () => {
    const onClose = vi.fn();
    renderWithQueries(<JobFormDialog tenant={TENANT} open job={job} onClose={onClose} />);
    for (const label of ['Start date', 'End date', 'Milestone 1 date']) expect(date(label)).toHaveAttribute('type', 'date');
    expect(date('Start date')).toHaveValue('2026-03-02');
    expect(date('End date')).toHaveValue('2026-05-29');
    expect(date('Milestone 1 date')).toHaveValue('2026-03-02');

    fireEvent.change(date('End date'), { target: { value: '2026-02-27' } });
    fireEvent.blur(date('End date'));
    expect(await screen.findByText('The end date cannot be before the start date.')).toBeVisible();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await new Promise((r) => setTimeout(r, 50));
    expect(requestCalls('UpdateJobs')).toEqual([]);

    fireEvent.change(date('End date'), { target: { value: '' } });
    fireEvent.change(date('Milestone 1 date'), { target: { value: '2026-03-09' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(requestCalls('UpdateJobs')[0]?.data).toEqual([
      expect.objectContaining({
        id: 7,
        start_date: '2026-03-02',
        end_date: null,
        milestones: [{ title: 'Mobilize', date: '2026-03-09', done: false }],
      }),
    ]);
  });

  it("a new job's dates and a new milestone's date go out as ISO days; empty ones as null", async () => {
    renderWithQueries(<JobFormDialog tenant={TENANT} open job={null} onClose={() => {}} />);
    fireEvent.change(screen.getByRole('textbox', { name: /^Job/ }), { target: { value: 'Hangar 4' } });
    expect(date('Start date')).toHaveValue('');
    fireEvent.change(date('Start date'), { target: { value: '2026-09-01' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add milestone' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Milestone 1' }), { target: { value: 'Slab poured' } });
    fireEvent.change(date('Milestone 1 date'), { target: { value: '2026-10-15' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(requestCalls('CreateJobs')).toHaveLength(1));
    expect(requestCalls('CreateJobs')[0]?.data).toEqual([
      expect.objectContaining({
        job: 'Hangar 4',
        start_date: '2026-09-01',
        end_date: null,
        milestones: [{ title: 'Slab poured', date: '2026-10-15' }],
      }),
    ]);
  });
});
