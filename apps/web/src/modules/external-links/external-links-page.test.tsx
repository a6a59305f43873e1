import { configure, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { answerEachOperation, renderWithQueries, requestedOperations, setupGraphQLEndpoint } from '../../shell/test-utils';
import { ExternalLinksPage } from './external-links-page';

setupGraphQLEndpoint();

const TENANT = '00000000-0000-4000-8000-000000000001';

// The machine is shared and busy: give lazy MUI pieces more than the 1 s default to appear.
configure({ asyncUtilTimeout: 5000 });

const answers: Record<string, unknown> = {
  ListCustomLinksPerUser: {
    listCustomLinksPerUser: [{ id: 1, employees_id: 5, title: 'Payroll', url: 'https://payroll.example/portal', status: 1 }],
  },
  ListPeopleForLinks: {
    listEmployees: { items: [{ id: 5, firstname: 'Ann', lastname: 'Tester', username: null, email: 'ann@x.example' }], nextToken: null },
  },
};

beforeEach(() => {
  localStorage.setItem('selectedTenantUuid', TENANT);
  answerEachOperation(async (operation) => answers[operation]);
});

afterEach(() => {
  localStorage.clear();
});

function renderFor(groups: string[]) {
  renderWithQueries(<ExternalLinksPage />, { claims: { 'cognito:groups': groups } });
}

describe('external links page', () => {
  for (const groups of [['people_admin'], ['admin_access']]) {
    it(`offers managing everyone's links to ${groups[0]}`, async () => {
      renderFor(groups);
      expect(await screen.findByRole('link', { name: /Payroll/ })).toBeVisible();
      expect(screen.getByRole('heading', { name: 'Manage links' })).toBeVisible();
      expect(await screen.findByRole('combobox', { name: 'Person' })).toBeVisible();
    });
  }

  for (const groups of [['basic_access'], ['people_basic'], []]) {
    it(`shows ${groups[0] ?? 'someone without permissions'} only their own links`, async () => {
      renderFor(groups);
      expect(await screen.findByRole('link', { name: /Payroll/ })).toBeVisible();
      expect(screen.queryByRole('heading', { name: 'Manage links' })).toBeNull();
      expect(screen.queryByRole('combobox', { name: 'Person' })).toBeNull();
      expect(requestedOperations()).toEqual(['ListCustomLinksPerUser']);
    });
  }
});
