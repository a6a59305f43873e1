import type { Page } from '@playwright/test';

export const DEMO_PASSWORD = 'groundwork-demo';
export const DEMO_COMPANY = 'Summit Ridge Construction';
export const DEMO_ADMIN = 'maria.alvarez@summitridge.test';
export const DEMO_FOREMAN = 'luis.hernandez@summitridge.test';

interface SignInResult {
  tenantUuid: string;
}

/**
 * Signs in through the identity endpoint from inside the page, so the session cookie lands in the browser, selects
 * the demo company and stores it as the app's selected tenant. Leaves the page on `/`.
 */
export async function signIn(page: Page, username: string, password = DEMO_PASSWORD, company = DEMO_COMPANY): Promise<SignInResult> {
  await page.goto('/');
  const outcome = await page.evaluate(
    async ({ username, password, company }) => {
      const call = async (action: string, body: unknown) => {
        const response = await fetch('/api/identity', {
          method: 'POST',
          credentials: 'include',
          headers: { 'content-type': 'application/json', 'x-identity-action': action },
          body: JSON.stringify(body),
        });
        const json = await response.json().catch(() => null);
        return { status: response.status, json: json as Record<string, unknown> | null };
      };
      const auth = await call('InitiateAuth', { username, password });
      if (auth.status !== 200 || auth.json?.nextStep !== 'DONE')
        return { error: `InitiateAuth ${auth.status} ${JSON.stringify(auth.json)}` };
      const user = await call('GetUser', {});
      const tenants = (user.json?.['custom:tenants'] ?? []) as { tenant_uuid: string; company: string }[];
      const tenant = tenants.find((t) => t.company === company) ?? tenants[0];
      if (!tenant) return { error: `GetUser ${user.status}: no tenants` };
      const selected = await call('SelectTenant', { tenant_uuid: tenant.tenant_uuid });
      if (selected.status !== 200) return { error: `SelectTenant ${selected.status} ${JSON.stringify(selected.json)}` };
      localStorage.setItem('selectedTenantUuid', tenant.tenant_uuid);
      return { tenantUuid: tenant.tenant_uuid };
    },
    { username, password, company },
  );
  if ('error' in outcome) throw new Error(`Sign-in failed: ${outcome.error}`);
  return outcome;
}

/** Runs a GraphQL operation from the page with its session; throws on any error. */
export async function graphql<T>(page: Page, query: string, variables: Record<string, unknown>): Promise<T> {
  const answer = await page.evaluate(
    async ([q, v]) => {
      const response = await fetch('/graphql', {
        method: 'POST',
        credentials: 'include',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query: q, variables: v }),
      });
      return (await response.json()) as { data?: unknown; errors?: unknown[] };
    },
    [query, variables] as const,
  );
  if (answer.errors?.length) throw new Error(`GraphQL failed: ${JSON.stringify(answer.errors)}`);
  return answer.data as T;
}
