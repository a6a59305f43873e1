import { configure, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { answerEachOperation, renderWithQueries, setupGraphQLEndpoint } from '../../../shell/test-utils';
import { ScheduleBoard } from './schedule-board';

setupGraphQLEndpoint();

const TENANT = '00000000-0000-4000-8000-000000000019';
configure({ asyncUtilTimeout: 5000 });

const person = (id: number, full: string, trades: string[], departments: number[], divisions: number[]) => ({
  id,
  name: full,
  trades,
  departments,
  divisions,
});

beforeEach(() => {
  answerEachOperation(async (operation, vars) => {
    const variables = vars as { from: string; to: string };
    if (operation !== 'ScheduleBoard') throw new Error(`unexpected ${operation}`);
    return {
      getScheduleBoard: {
        from: variables.from,
        to: variables.to,
        jobs: [{ id: 1, label: 'MS · Main Street', address: null, budgeted_hours: 320, foremen: 'Luis Hernandez' }],
        people: [
          person(11, 'Ana Cruz', ['Carpenter'], [1], []),
          person(12, 'Ben Miller', ['Laborer'], [2], [7]),
          person(13, 'Cora Diaz', ['Carpenter'], [2], [7]),
        ],
        entries: [],
        departments: [
          { id: 1, label: 'Concrete' },
          { id: 2, label: 'Framing' },
        ],
        divisions: [{ id: 7, label: 'North' }],
      },
    };
  });
});

afterEach(async () => {
  await i18n.changeLanguage('en');
});

const show = () => renderWithQueries(<ScheduleBoard tenant={TENANT} canWrite />);

const choose = async (label: string, option: string) => {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: label }));
  fireEvent.click(await screen.findByRole('option', { name: option }));
};

const panelNames = () =>
  within(screen.getByRole('region', { name: 'People' }))
    .queryAllByRole('button', { name: /^Schedule / })
    .map((b) => b.getAttribute('aria-label'));

describe('the planner’s board filters', () => {
  it('narrows the people to a department and a trade, together', async () => {
    show();
    await screen.findByRole('combobox', { name: 'Department' });
    await choose('Unscheduled on', 'Everyone');
    expect(panelNames()).toHaveLength(3);
    await choose('Department', 'Framing');
    expect(panelNames()).toEqual(['Schedule Ben Miller', 'Schedule Cora Diaz']);
    await choose('Trade', 'Carpenter');
    expect(panelNames()).toEqual(['Schedule Cora Diaz']);
    await choose('Department', 'All departments');
    expect(panelNames()).toEqual(['Schedule Ana Cruz', 'Schedule Cora Diaz']);
  });

  it('narrows the people to a division, and with a department outside it to no one', async () => {
    show();
    await screen.findByRole('combobox', { name: 'Division' });
    await choose('Unscheduled on', 'Everyone');
    await choose('Division', 'North');
    expect(panelNames()).toEqual(['Schedule Ben Miller', 'Schedule Cora Diaz']);
    await choose('Department', 'Concrete');
    expect(panelNames()).toEqual([]);
    await choose('Department', 'All departments');
    await choose('Division', 'All divisions');
    expect(panelNames()).toHaveLength(3);
  });

  it('speaks Spanish', async () => {
    await i18n.changeLanguage('es');
    show();
    expect(await screen.findByRole('combobox', { name: 'Departamento' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'División' })).toBeInTheDocument();
  });
});
