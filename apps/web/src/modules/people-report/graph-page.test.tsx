import { configure, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../lib/i18n';
import { answerEachOperation, renderRoutes, resetWindowWidth, setupGraphQLEndpoint, setWindowWidth } from '../../shell/test-utils';
import type { CompanyGraph } from './api';
import { GraphPage } from './graph-page';
import { validateGraphSearch } from './search';

setupGraphQLEndpoint();

const TENANT = '00000000-0000-4000-8000-000000000027';
configure({ asyncUtilTimeout: 5000 });

const GRAPH: CompanyGraph = {
  nodes: [
    { id: 'job:3', kind: 'job', label: 'RMC · Riverside', ref_id: 3, detail: null },
    { id: 'person:7', kind: 'person', label: 'Luis Ortega', ref_id: 7, detail: 'foreman, crew' },
    { id: 'container:2', kind: 'container', label: 'Job box A', ref_id: 2, detail: '1' },
    { id: 'tool:9', kind: 'tool', label: 'Hammer drill', ref_id: 9, detail: 'T-009' },
    { id: 'vendor:4', kind: 'vendor', label: 'Front Range Supply', ref_id: 4, detail: '2' },
  ],
  edges: [
    { id: 'foreman:job:3>person:7', source: 'job:3', target: 'person:7', kind: 'foreman' },
    { id: 'at_job:job:3>container:2', source: 'job:3', target: 'container:2', kind: 'at_job' },
    { id: 'holds:container:2>tool:9', source: 'container:2', target: 'tool:9', kind: 'holds' },
    { id: 'orders:job:3>vendor:4', source: 'job:3', target: 'vendor:4', kind: 'orders' },
  ],
  jobs: [{ id: 3, label: 'RMC · Riverside' }],
  truncated: false,
};
let asked: Record<string, unknown>[];

beforeAll(() => {
  // A ResizeObserver of our own, whatever the test DOM has; React Flow only needs it to exist here (the nodes carry their own sizes).
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
});

beforeEach(() => {
  localStorage.setItem('selectedTenantUuid', TENANT);
  asked = [];
  answerEachOperation(async (operation, variables) => {
    if (operation !== 'CompanyGraph') throw new Error(`unexpected ${operation}`);
    asked.push(variables);
    return { companyGraph: GRAPH };
  });
});

afterEach(async () => {
  localStorage.clear();
  resetWindowWidth();
  await i18n.changeLanguage('en');
});

function renderPage(path = '/reports/graph?job=3') {
  const { router } = renderRoutes(path, [
    { path: 'reports/graph', validateSearch: validateGraphSearch, component: GraphPage },
    { path: 'modules/people', component: () => <p>People page</p> },
    { path: 'modules/projects', component: () => <p>Jobs page</p> },
    { path: 'modules/tool20', component: () => <p>Tools page</p> },
  ]);
  return router;
}

describe('the company graph', () => {
  it('draws the job with its foreman, container, tool and vendor as buttons; the foreman opens their person page', async () => {
    setWindowWidth(1440);
    const router = renderPage();
    // A node's name is its visible text: the label, then what it is.
    const foreman = await screen.findByRole('button', { name: /^Luis Ortega\s*Person/ });
    expect(asked[0]).toMatchObject({ tenant_uuid: TENANT, jobs_id: 3, kinds: ['job', 'person', 'container', 'tool', 'vendor'] });
    for (const [label, kind] of [
      ['RMC · Riverside', 'Job'],
      ['Job box A', 'Container'],
      ['Hammer drill', 'Tool'],
      ['Front Range Supply', 'Vendor'],
    ]) {
      expect(screen.getByRole('button', { name: new RegExp(`^${label}\\s*${kind}`) })).toBeInTheDocument();
    }
    // The node's second line says what the person is on the job.
    expect(within(foreman).getByText('Person · foreman, crew')).toBeInTheDocument();
    fireEvent.click(foreman);
    await screen.findByText('People page');
    expect(router.state.location.pathname).toBe('/modules/people');
    expect(router.state.location.search).toEqual({ id: 7 });
  });

  it('offers the same graph as a list, each record opening its page, and asks again when a kind is left out', async () => {
    setWindowWidth(390);
    const router = renderPage();
    const tools = await screen.findByRole('list', { name: 'Tools' });
    expect(within(tools).getByText(/Job box A \(holds\)/)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Vendors' }));
    await vi.waitFor(() => expect(asked.at(-1)?.kinds).toEqual(['job', 'person', 'container', 'tool']));
    fireEvent.click(within(screen.getByRole('list', { name: 'Jobs' })).getByRole('button', { name: 'RMC · Riverside, Job' }));
    await screen.findByText('Jobs page');
    expect(router.state.location.search).toEqual({ id: 3 });
  });
});
