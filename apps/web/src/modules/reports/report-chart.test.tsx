import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderInShell, resetWindowWidth, setWindowWidth } from '../../shell/test-utils';
import type { ReportResult } from './api';
import ReportChart, { tickLabel } from './report-chart';

// The test DOM does no layout: the chart's container is given a phone's width, and ResizeObserver reports it.
const WIDTH = 360;

beforeEach(() => {
  setWindowWidth(WIDTH);
  vi.stubGlobal(
    'ResizeObserver',
    class {
      constructor(private readonly callback: ResizeObserverCallback) {}
      observe(target: Element) {
        this.callback([{ target, contentRect: { width: WIDTH, height: 600 } } as unknown as ResizeObserverEntry], this as never);
      }
      unobserve() {}
      disconnect() {}
    },
  );
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(WIDTH);
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(600);
  vi.spyOn(HTMLElement.prototype, 'offsetWidth', 'get').mockReturnValue(WIDTH);
  vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockReturnValue(600);
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  resetWindowWidth();
});

const JOBS = [
  'MS · Main Street',
  'Elm Yard',
  'HT · Harbor Tower East Wing Renovation',
  'Riverside Apartments',
  'North Bridge Deck',
  'Cedar School',
  'Oak Clinic',
  'Pine Warehouse',
  'Lakeview Offices Tenant Improvement',
  'City Hall Annex',
  'Airport Hangar 3',
];

const laborBudget = {
  group_by: 'job',
  rows: JOBS.map((job, i) => ({
    jobs_id: i + 1,
    job,
    costcodes_id: null,
    costcode: null,
    description: null,
    hrsbdg: 100 + i * 10,
    actual_hours: 50 + i * 5,
    percent_used: 50,
    forecast_hours: null,
    first_day: null,
    end_date: null,
  })),
  totals: { hrsbdg: 0, actual_hours: 0, percent_used: 0 },
  total: JOBS.length,
  nextToken: null,
} as unknown as ReportResult;

describe('the labor budget chart (issue 46)', () => {
  it('labels every one of its 11 bar pairs on a narrow screen, long names shortened on the axis', async () => {
    renderInShell(<ReportChart report="labor_budget" result={laborBudget} />);
    const chart = screen.getByRole('img', { name: 'Chart of the report' });
    await waitFor(() => expect(chart.querySelectorAll('.MuiBarElement-root, [class*="MuiBarChart"] rect').length).toBeGreaterThan(0));
    const ticks = [...chart.querySelectorAll('.MuiChartsAxis-directionY .MuiChartsAxis-tickLabel')].map((n) => n.textContent);
    expect(ticks).toEqual(JOBS.map((j) => tickLabel(j)));
    expect(ticks).toContain('HT · Harbor Tower Eas…');
  });

  it('shortens only what does not fit, keeping the start of the name', () => {
    expect(tickLabel('Elm Yard')).toBe('Elm Yard');
    expect(tickLabel('Lakeview Offices Tenant Improvement')).toBe('Lakeview Offices Tena…');
    expect(tickLabel('Lakeview Offices Tenant Improvement').length).toBeLessThanOrEqual(22);
  });
});
