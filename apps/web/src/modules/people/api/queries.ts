import { queryOptions } from '@tanstack/react-query';
import { readFragment } from 'gql.tada';
import { fetchAllPages } from '../../../lib/fetch-all';
import { GraphQLRequestError, graphql, type ResultOf, request } from '../../../lib/graphql';
import { peopleKeys } from './keys';

const PersonFieldsFragment = graphql(`
  fragment PersonFields on Employee {
    id
    uuid
    username
    firstname
    lastname
    email
    private_email
    cellphone
    street
    street2
    city
    state
    zip
    birthdate
    hiredate
    trades
    skills
    status
    is_admin
    logged_in
    cognito_status
    cognito_uuid
    paypos_id
    created_on
    updated_on
  }
`);

const listPeopleQuery = graphql(
  `
  query ListPeople($tenant_uuid: ID!, $status: Int!, $limit: Int, $nextToken: String) {
    listEmployees(tenant_uuid: $tenant_uuid, filter: { eq: { status: $status } }, limit: $limit, nextToken: $nextToken) {
      items { ...PersonFields }
      nextToken
    }
  }
`,
  [PersonFieldsFragment],
);

const getPersonQuery = graphql(
  `
  query GetPerson($tenant_uuid: ID!, $id: Int!) {
    getEmployees(tenant_uuid: $tenant_uuid, id: $id) { ...PersonFields }
  }
`,
  [PersonFieldsFragment],
);

const listUserGroupsQuery = graphql(`
  query ListPGUserGroups($tenant_uuid: ID!) {
    listPGUserGroups(tenant_uuid: $tenant_uuid) {
      id
      usergroup
      status
      usergroup_permissions
      usergroup_users { id username firstname lastname }
    }
  }
`);

const listPermissionsQuery = graphql(`
  query ListPermissions($tenant_uuid: ID!) {
    listPermissions(tenant_uuid: $tenant_uuid) { id status }
  }
`);

export type Person = ResultOf<typeof PersonFieldsFragment>;
export type UserGroup = ResultOf<typeof listUserGroupsQuery>['listPGUserGroups'][number];

export interface PeoplePage {
  items: Person[];
  nextToken: string | null;
}

/** One page of people with the given status, in the server's order (firstname, lastname). */
export function peoplePageQueryOptions(tenant: string, status: number, pageSize: number, token: string | null) {
  return queryOptions({
    queryKey: peopleKeys.page(tenant, status, pageSize, token),
    queryFn: async (): Promise<PeoplePage> => {
      const data = await request(listPeopleQuery, { tenant_uuid: tenant, status, limit: pageSize, nextToken: token });
      return { items: [...readFragment(PersonFieldsFragment, data.listEmployees.items)], nextToken: data.listEmployees.nextToken ?? null };
    },
  });
}

/**
 * Every person with the given status, page after page: what a text search looks through. The record operations
 * filter on equality only, so matching a part of a name, an e-mail, a phone or a trade happens here.
 */
export function everyoneQueryOptions(tenant: string, status: number) {
  return queryOptions({
    queryKey: peopleKeys.everyone(tenant, status),
    queryFn: () =>
      fetchAllPages(async ({ limit, nextToken }) => {
        const data = await request(listPeopleQuery, { tenant_uuid: tenant, status, limit, nextToken });
        return { items: readFragment(PersonFieldsFragment, data.listEmployees.items), nextToken: data.listEmployees.nextToken };
      }),
  });
}

export function personQueryOptions(tenant: string, id: number) {
  return queryOptions({
    queryKey: peopleKeys.detail(tenant, id),
    queryFn: async () => {
      try {
        const data = await request(getPersonQuery, { tenant_uuid: tenant, id });
        return data.getEmployees ? readFragment(PersonFieldsFragment, data.getEmployees) : null;
      } catch (error) {
        // Someone else's id in the address (another company, or deleted) is "no such person", not a failure.
        if (error instanceof GraphQLRequestError && error.code === 'NOT_FOUND') return null;
        throw error;
      }
    },
  });
}

export function userGroupsQueryOptions(tenant: string) {
  return queryOptions({
    queryKey: peopleKeys.groups(tenant),
    queryFn: async () => (await request(listUserGroupsQuery, { tenant_uuid: tenant })).listPGUserGroups,
  });
}

export function permissionsQueryOptions(tenant: string) {
  return queryOptions({
    queryKey: peopleKeys.permissions(tenant),
    queryFn: async () => (await request(listPermissionsQuery, { tenant_uuid: tenant })).listPermissions,
    staleTime: 60 * 60_000,
  });
}

const listStaticDataQuery = graphql(`
  query PeopleStaticData {
    listStaticData {
      states { code name }
      trades
    }
  }
`);

/** States and trades to pick from; the same for every company, so kept for the session. */
export function staticDataQueryOptions() {
  return queryOptions({
    queryKey: ['static-data', 'people'] as const,
    queryFn: async () => (await request(listStaticDataQuery)).listStaticData,
    staleTime: Number.POSITIVE_INFINITY,
  });
}
