import { act, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { GraphQLRequestError } from '../../lib/graphql-error';
import { answerOperations, renderWithQueries, requestCalls, setupGraphQLEndpoint } from '../../shell/test-utils';
import { Reservations } from './reservations-tab';

setupGraphQLEndpoint();
configure({ asyncUtilTimeout: 5000 });

const TENANT = '00000000-0000-4000-8000-000000000020';
const CONFLICT = 'T-0001 · Hammer drill is already reserved from 2026-05-04 to 2026-05-08 for Harbor Tower.';

const tool = (id: number, name: string) => ({
  id,
  uuid: `0193a0c4-0000-7000-8000-${String(id).padStart(12, '0')}`,
  tool_number: `T-${String(id).padStart(4, '0')}`,
  name,
  description: null,
  category: null,
  make: null,
  model: null,
  serial: null,
  purchase_date: null,
  purchase_cost_cents: null,
  status: 1,
  container_id: 1,
  container_name: 'HQ Shop',
  last_log: null,
  photos: [],
});

beforeEach(() => {
  answerOperations({
    ToolReservations: () => ({ toolReservations: [] }),
    SearchTools: () => ({ searchTools: { items: [tool(1, 'Hammer drill'), tool(2, 'Circular saw')], nextToken: null } }),
    ToolJobs: () => ({
      listJobs: {
        items: [
          { id: 5, job: 'Harbor Tower' },
          { id: 6, job: 'Elm Yard' },
        ],
      },
    }),
    ReserveTools: () => {
      throw new GraphQLRequestError(CONFLICT, 'CONFLICT', 200);
    },
  });
});

const fill = async () => {
  fireEvent.change(screen.getByLabelText(/Start date/), { target: { value: '2026-05-05' } });
  fireEvent.change(screen.getByLabelText(/End date/), { target: { value: '2026-05-06' } });
  fireEvent.click(await screen.findByRole('checkbox', { name: 'T-0001 · Hammer drill' }));
};

const chooseJob = async (name: string) => {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: /Job/ }));
  fireEvent.click(await screen.findByRole('option', { name }));
};

describe('the tool reservation form (issue 46)', () => {
  it('marks what it needs: the dates and the job are required, in the label, the helper text and aria-required', async () => {
    renderWithQueries(<Reservations tenant={TENANT} admin />);
    const job = await screen.findByRole('combobox', { name: /Job/ });
    expect(job).toHaveAttribute('aria-required', 'true');
    expect(job).toHaveAccessibleDescription('Required: the job the tools are reserved for.');
    expect(screen.getByLabelText(/Start date/)).toBeRequired();
    expect(screen.getByLabelText(/End date/)).toBeRequired();
    expect(screen.getByText('Fields marked * are required; pick at least one tool.')).toBeInTheDocument();
    // Nothing can be sent before the job is chosen.
    await fill();
    const reserve = screen.getByRole('button', { name: 'Reserve 1 tool' });
    expect(reserve).toBeDisabled();
    await chooseJob('Harbor Tower');
    expect(reserve).toBeEnabled();
  });

  it('keeps a refusal by the form until it is dismissed or the input changes', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      renderWithQueries(<Reservations tenant={TENANT} admin />);
      await fill();
      await chooseJob('Harbor Tower');
      fireEvent.click(screen.getByRole('button', { name: 'Reserve 1 tool' }));
      const alert = await screen.findByRole('alert');
      expect(alert).toHaveTextContent(CONFLICT);
      expect(requestCalls('ReserveTools')).toEqual([expect.objectContaining({ tool_ids: [1], jobs_id: 5 })]);
      // Still there long after a snackbar would have gone.
      await act(async () => {
        vi.advanceTimersByTime(10_000);
      });
      expect(screen.getByRole('alert')).toHaveTextContent(CONFLICT);
      // Changing the input clears it…
      await chooseJob('Elm Yard');
      await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
      // …and so does dismissing it.
      fireEvent.click(screen.getByRole('button', { name: 'Reserve 1 tool' }));
      const again = await screen.findByRole('alert');
      fireEvent.click(within(again).getByRole('button', { name: 'Close' }));
      await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    } finally {
      vi.useRealTimers();
    }
  });
});
