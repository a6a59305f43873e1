import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { GraphQLRequestError } from '../../../lib/graphql';
import type { OperationHandler } from '../../../shell/test-utils';
import {
  answerOperations,
  renderRoutes,
  requestCalls,
  resetWindowWidth,
  setupGraphQLEndpoint,
  setWindowWidth,
} from '../../../shell/test-utils';
import { validatePeopleSearch } from '../search';
import { PeopleView } from './people-view';

setupGraphQLEndpoint();

const TENANT = '00000000-0000-4000-8000-000000000001';

// The machine is shared and busy: give lazy MUI pieces and the router more than the 1 s default to appear.
configure({ asyncUtilTimeout: 5000 });

function person(id: number, firstname: string, lastname: string, extra: Record<string, unknown> = {}) {
  return {
    id,
    uuid: `u${id}`,
    username: `${firstname}.${lastname}`.toLowerCase(),
    firstname,
    lastname,
    email: `${firstname}@summit.test`.toLowerCase(),
    private_email: null,
    cellphone: `+1303555${String(id).padStart(4, '0')}`,
    street: null,
    street2: null,
    city: 'Denver',
    state: 'CO',
    zip: null,
    birthdate: null,
    hiredate: '2020-03-15',
    trades: '["Carpenter"]',
    skills: null,
    status: 1,
    is_admin: false,
    logged_in: false,
    cognito_status: 'CONFIRMED',
    cognito_uuid: `cognito-${id}`,
    paypos_id: null,
    created_on: '2026-01-01',
    updated_on: '2026-01-01',
    ...extra,
  };
}

const maria = person(1, 'Maria', 'Alvarez', { is_admin: true, cognito_uuid: 'self' });
const luis = person(2, 'Luis', 'Hernandez', { trades: '["Electrician"]' });
const nia = person(3, 'Nia', 'Okafor', { cognito_status: null, cognito_uuid: null });
const foremen = {
  id: 10,
  usergroup: 'Foremen',
  status: 1,
  usergroup_permissions: ['projects_basic', 'receipts_basic'],
  usergroup_users: [{ id: 2, username: 'luis.hernandez', firstname: 'Luis', lastname: 'Hernandez' }],
};

let handlers: Record<string, OperationHandler>;
const calls = requestCalls;

beforeEach(() => {
  localStorage.setItem('selectedTenantUuid', TENANT);
  handlers = {
    // Two server pages: search has to follow nextToken to find Nia.
    ListPeople: (v) =>
      v.nextToken === 'page-2'
        ? { listEmployees: { items: [nia], nextToken: null } }
        : { listEmployees: { items: [maria, luis], nextToken: 'page-2' } },
    GetPerson: (v) => ({ getEmployees: [maria, luis, nia].find((p) => p.id === v.id) ?? null }),
    ListPGUserGroups: () => ({ listPGUserGroups: [foremen] }),
    PeopleStaticData: () => ({ listStaticData: { states: [{ code: 'CO', name: 'Colorado' }], trades: ['Carpenter', 'Electrician'] } }),
    ListPermissions: () => ({
      listPermissions: ['people_admin', 'people_basic', 'projects_basic', 'receipts_basic', 'admin_access'].map((id) => ({
        id,
        status: 1,
      })),
    }),
  };
  answerOperations(handlers);
  // A phone: the card list (the test DOM has no layout for the data grid's virtual rows).
  setWindowWidth(390);
});

afterEach(() => {
  resetWindowWidth();
  localStorage.clear();
});

function renderAt(url: string, groups: string[]) {
  const routes = ['modules/people', 'admin/people'].map((path) => ({
    path,
    validateSearch: validatePeopleSearch,
    component: () => <PeopleView admin={path === 'admin/people'} />,
  }));
  const { router } = renderRoutes(url, routes, {
    claims: { 'cognito:groups': groups, 'custom:cognito_uuid': 'self' },
  });
  return { router };
}

describe('people directory', () => {
  it('pages with nextToken, and a search reads every page and matches phone and trade', async () => {
    renderAt('/modules/people', ['people_basic']);
    const list = await screen.findByRole('list', { name: 'People' });
    expect(await within(list).findByText('Maria Alvarez')).toBeVisible();
    expect(within(list).queryByText('Nia Okafor')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(await within(list).findByText('Nia Okafor')).toBeVisible();
    expect(calls('ListPeople').at(-1)).toMatchObject({ tenant_uuid: TENANT, status: 1, nextToken: 'page-2' });

    fireEvent.change(screen.getByRole('searchbox', { name: 'Search people' }), { target: { value: 'electric' } });
    expect(await screen.findByText('1 person matches')).toBeVisible();
    expect(within(list).getByText('Luis Hernandez')).toBeVisible();
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search people' }), { target: { value: '5550003' } });
    expect(await within(list).findByText('Nia Okafor')).toBeVisible();
    expect(within(list).queryByText('Luis Hernandez')).toBeNull();
  });

  it('asks for archived people with status 0', async () => {
    renderAt('/modules/people', ['people_basic']);
    await screen.findByText('Maria Alvarez');
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Status' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Archived' }));
    await waitFor(() => expect(calls('ListPeople').at(-1)).toMatchObject({ status: 0, nextToken: null }));
  });

  it('shows a person with sign-in status in plain words and their groups, without controls for people_basic', async () => {
    renderAt('/admin/people?id=2', ['people_basic']);
    expect(await screen.findByRole('heading', { level: 2, name: 'Luis Hernandez' })).toBeVisible();
    const access = screen.getByRole('region', { name: 'Access' });
    expect(within(access).getByText('Can sign in')).toBeVisible();
    expect(await within(access).findByText('Foremen')).toBeVisible();
    expect(screen.getByText('You can look at people here but not change them.')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Remove from company' })).toBeNull();
  });

  it('says a person of another company does not exist', async () => {
    handlers.GetPerson = () => {
      throw new GraphQLRequestError('Not found', 'NOT_FOUND', 200);
    };
    renderAt('/modules/people?id=99', ['people_basic']);
    expect(await screen.findByText('This person does not exist in this company.')).toBeVisible();
    expect(screen.queryByText('There was a problem fetching people.')).toBeNull();
  });

  it('offers a people_admin invitations and removal, but not groups or global admins', async () => {
    renderAt('/admin/people?id=3', ['people_admin']);
    expect(await screen.findByRole('heading', { level: 2, name: 'Nia Okafor' })).toBeVisible();
    expect(screen.getByText('Not invited to sign in')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Invite to sign in' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Set groups' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Make global admin' })).toBeNull();

    handlers.InviteUser = () => ({ inviteUser: { id: 3, email: 'nia@summit.test', cognito_status: 'FORCE_CHANGE_PASSWORD' } });
    fireEvent.click(screen.getByRole('button', { name: 'Invite to sign in' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite Nia Okafor to sign in' });
    expect(within(dialog).getByRole('textbox', { name: 'E-mail' })).toHaveValue('nia@summit.test');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText('Invitation sent.')).toBeVisible();
    expect(calls('InviteUser')).toEqual([{ tenant_uuid: TENANT, id: 3, email: 'nia@summit.test', username: 'nia.okafor' }]);
  });

  it('offers resending the invitation to someone invited who has not signed in yet, and shows a refusal', async () => {
    const ivy = person(4, 'Ivy', 'Invitee', { cognito_status: 'FORCE_CHANGE_PASSWORD', cognito_uuid: 'cognito-4' });
    handlers.GetPerson = (v) => ({ getEmployees: [maria, luis, nia, ivy].find((p) => p.id === v.id) ?? null });
    let answer: () => unknown = () => {
      throw new GraphQLRequestError(
        'This person already has a sign-in with another address. Remove them from the company first.',
        'CONFLICT',
        200,
      );
    };
    handlers.InviteUser = () => answer();
    renderAt('/admin/people?id=4', ['people_admin']);
    expect(await screen.findByRole('heading', { level: 2, name: 'Ivy Invitee' })).toBeVisible();
    expect(screen.getByText('Invited, has not signed in yet')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Invite to sign in' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Resend invitation' }));
    const dialog = await screen.findByRole('dialog', { name: 'Resend the invitation to Ivy Invitee' });
    expect(within(dialog).getByText(/the one sent before stops working/)).toBeVisible();
    const email = within(dialog).getByRole('textbox', { name: 'E-mail' });
    expect(email).toHaveValue('ivy@summit.test');
    fireEvent.change(email, { target: { value: 'ivy.other@summit.test' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Resend invitation' }));
    expect(
      await screen.findByText('This person already has a sign-in with another address. Remove them from the company first.'),
    ).toBeVisible();
    expect(dialog).toBeVisible();

    answer = () => ({ inviteUser: { id: 4, email: 'ivy@summit.test', cognito_status: 'FORCE_CHANGE_PASSWORD' } });
    fireEvent.change(email, { target: { value: 'ivy@summit.test' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Resend invitation' }));
    expect(await screen.findByText('Invitation sent again.')).toBeVisible();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Resend the invitation to Ivy Invitee' })).toBeNull());
    expect(calls('InviteUser').at(-1)).toEqual({ tenant_uuid: TENANT, id: 4, email: 'ivy@summit.test', username: 'ivy.invitee' });
    // Still not signed in: the action stays for another try.
    expect(within(screen.getByRole('group', { name: 'Person actions' })).getByRole('button', { name: 'Resend invitation' })).toBeVisible();
  });

  it('does not offer resending once the person has signed in', async () => {
    renderAt('/admin/people?id=2', ['people_admin']);
    expect(await screen.findByRole('heading', { level: 2, name: 'Luis Hernandez' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Remove from company' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Resend invitation' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Invite to sign in' })).toBeNull();
  });

  it('does not offer removing yourself, and shows the last-admin refusal', async () => {
    handlers.DeleteGlobalAdmin = () => {
      throw new GraphQLRequestError('The last admin cannot be removed.', 'CONFLICT', 200);
    };
    renderAt('/admin/people?id=1', ['admin_access']);
    expect(await screen.findByRole('heading', { level: 2, name: 'Maria Alvarez' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Remove from company' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Remove global admin' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove Maria Alvarez as a global admin?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove global admin' }));
    expect(await screen.findByText('The last admin cannot be removed.')).toBeVisible();
    expect(calls('DeleteGlobalAdmin')).toEqual([{ tenant_uuid: TENANT, employees_id: 1, username: 'maria.alvarez' }]);
  });

  it('refuses a person without a first name or with a bad e-mail, and sends nothing', async () => {
    renderAt('/admin/people', ['people_admin']);
    fireEvent.click(await screen.findByRole('button', { name: 'Add person' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add person' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'E-mail' }), { target: { value: 'nope' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('This field is required')).toBeVisible();
    expect(within(dialog).getByText('Please enter a valid email')).toBeVisible();
    expect(calls('CreatePeople')).toEqual([]);
  });
});

describe('adding a person', () => {
  it('sends the typed fields, trades as a JSON list and blanks as null, then opens the new person', async () => {
    handlers.CreatePeople = () => ({ createEmployees: [{ id: 4 }] });
    const { router } = renderAt('/admin/people', ['people_admin']);
    fireEvent.click(await screen.findByRole('button', { name: 'Add person' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add person' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'First name' }), { target: { value: ' Ana ' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Last name' }), { target: { value: 'Ruiz' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'E-mail' }), { target: { value: 'ana@summit.test' } });
    const trades = within(dialog).getByRole('combobox', { name: 'Trades' });
    fireEvent.change(trades, { target: { value: 'Carpenter' } });
    fireEvent.keyDown(trades, { key: 'Enter' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Person added.')).toBeVisible();
    expect(calls('CreatePeople')).toEqual([
      {
        tenant_uuid: TENANT,
        data: [
          {
            firstname: 'Ana',
            lastname: 'Ruiz',
            email: 'ana@summit.test',
            private_email: null,
            cellphone: null,
            street: null,
            street2: null,
            city: null,
            state: null,
            zip: null,
            birthdate: null,
            hiredate: null,
            skills: null,
            trades: '["Carpenter"]',
            status: 1,
          },
        ],
      },
    ]);
    await waitFor(() => expect(router.state.location.search).toMatchObject({ id: 4 }));
  });
});

describe('user groups', () => {
  it('sends the loaded permissions and members as previous, and shows the conflict message', async () => {
    handlers.UpdateUserGroup = () => {
      throw new GraphQLRequestError('This group was changed by someone else. Reload and try again.', 'CONFLICT', 200);
    };
    renderAt('/admin/people?tab=groups', ['admin_access']);
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Foremen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Foremen' });
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'People directory: view' }));
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Receipts: view and add own' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('This group was changed by someone else. Reload and try again.')).toBeVisible();
    expect(calls('UpdateUserGroup')).toEqual([
      {
        tenant_uuid: TENANT,
        id: 10,
        usergroup_name: 'Foremen',
        new_access: ['people_basic', 'projects_basic'],
        previous_access: ['projects_basic', 'receipts_basic'],
        new_users: [2],
        previous_users: [2],
        status: 1,
      },
    ]);
  });

  it('creates a group with the ticked permissions and chosen members', async () => {
    handlers.CreateUserGroup = () => ({ createUserGroup: { id: 11 } });
    renderAt('/admin/people?tab=groups', ['admin_access']);
    fireEvent.click(await screen.findByRole('button', { name: 'New group' }));
    const dialog = await screen.findByRole('dialog', { name: 'New group' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Group name' }), { target: { value: 'Receipts only' } });
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Receipts: view and add own' }));
    const members = within(dialog).getByRole('combobox', { name: 'Members' });
    fireEvent.change(members, { target: { value: 'Nia' } });
    fireEvent.click(await screen.findByRole('option', { name: 'Nia Okafor' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Group added.')).toBeVisible();
    expect(calls('CreateUserGroup')).toEqual([
      { tenant_uuid: TENANT, usergroup_name: 'Receipts only', access: ['receipts_basic'], users: [3] },
    ]);
  });

  it('shows groups read-only to someone without admin_access', async () => {
    renderAt('/admin/people?tab=groups', ['people_admin']);
    const card = await screen.findByRole('article', { name: 'Foremen' });
    expect(within(card).getByText('Jobs: view')).toBeVisible();
    expect(within(card).getByText('Luis Hernandez')).toBeVisible();
    expect(screen.getByText('Only admins can change groups.')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'New group' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Edit Foremen' })).toBeNull();
  });
});
