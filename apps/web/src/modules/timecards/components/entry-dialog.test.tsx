import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { configure, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { renderInShell } from '../../../shell/test-utils';
import type { CardModel } from './card-model';
import { EntryDialog } from './entry-dialog';

configure({ asyncUtilTimeout: 5000 });

const jobs = [
  { id: 1, job: 'Alder Court', job_abbr: null, status: 1 },
  { id: 2, job: 'Birch Lane', job_abbr: null, status: 1 },
  { id: 3, job: 'Cedar Yard', job_abbr: null, status: 1 },
];
const names = new Map(jobs.map((j) => [j.id, j.job]));

const model = (scheduled: [string, number[]][]): CardModel => ({
  tenant: '00000000-0000-4000-8000-000000000019',
  cardKey: ['card'],
  period: { start: '2026-03-02', end: '2026-03-08' },
  dates: ['2026-03-02', '2026-03-03', '2026-03-04'],
  today: '2026-03-03',
  employeeId: 5,
  own: true,
  entries: [],
  editable: true,
  increment: 15,
  jobs,
  codesByJob: new Map(),
  scheduled: new Map(scheduled),
  jobName: (id) => names.get(id) ?? `#${id}`,
  codeName: (id) => `#${id}`,
});

const show = (m: CardModel, date = '2026-03-03') =>
  renderInShell(
    <QueryClientProvider client={new QueryClient()}>
      <EntryDialog model={m} target={{ kind: 'new', date }} onClose={() => {}} />
    </QueryClientProvider>,
  );

const options = async (label = /^Job/) => {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: label }));
  const list = await screen.findByRole('listbox');
  // Options and the headings between them, in order.
  return Array.from(list.children).map((el) => el.textContent);
};

afterEach(async () => {
  await i18n.changeLanguage('en');
});

describe('adding time offers the day’s scheduled job first', () => {
  it('starts on the one job the person is scheduled on that day, listed first under its heading', async () => {
    show(model([['2026-03-03', [3]]]));
    expect(screen.getByRole('combobox', { name: /^Job/ })).toHaveTextContent('Cedar Yard');
    expect(await options()).toEqual(['Scheduled that day', 'Cedar Yard', 'Other jobs', 'Alder Court', 'Birch Lane']);
  });

  it('with two scheduled jobs lists both first and lets the person choose; the job follows a change of day until picked', async () => {
    show(
      model([
        ['2026-03-03', [2, 3]],
        ['2026-03-04', [1]],
      ]),
    );
    const job = screen.getByRole('combobox', { name: /^Job/ });
    expect(job).not.toHaveTextContent(/Birch|Cedar/);
    expect(await options()).toEqual(['Scheduled that day', 'Birch Lane', 'Cedar Yard', 'Other jobs', 'Alder Court']);
    fireEvent.keyDown(screen.getByRole('listbox'), { key: 'Escape' });
    fireEvent.mouseDown(screen.getByRole('combobox', { name: /^Day/ }));
    fireEvent.click(await screen.findByRole('option', { name: /Mar 4|March 4|4/ }));
    expect(screen.getByRole('combobox', { name: /^Job/ })).toHaveTextContent('Alder Court');
  });

  it('with no schedule lists the jobs as before, none chosen', async () => {
    show(model([]));
    expect(await options()).toEqual(['Alder Court', 'Birch Lane', 'Cedar Yard']);
  });

  it('speaks Spanish', async () => {
    await i18n.changeLanguage('es');
    show(model([['2026-03-03', [3]]]));
    expect(await options(/^Obra/)).toEqual(['Programadas ese día', 'Cedar Yard', 'Otras obras', 'Alder Court', 'Birch Lane']);
  });
});

describe('the entry dialog’s checks', () => {
  it('says each required field once Save is pressed with nothing filled in', async () => {
    show(model([]));
    expect(screen.queryByText('This field is required')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    // Job, cost code and hours.
    expect(await screen.findAllByText('This field is required')).toHaveLength(3);
    expect(screen.getByRole('textbox', { name: /^Hours/ })).toHaveAccessibleDescription('This field is required');
    expect(screen.queryByText('This job has no cost codes switched on for time cards.')).toBeNull();
  });

  it('says when the job has no cost codes, and when the note is too long', async () => {
    show(model([['2026-03-03', [3]]]));
    expect(screen.getByText('This job has no cost codes switched on for time cards.')).toBeVisible();
    fireEvent.change(screen.getByRole('textbox', { name: 'Note' }), { target: { value: 'x'.repeat(1001) } });
    expect(await screen.findByText('You must enter a maximum of 1000 characters')).toBeVisible();
  });
});
