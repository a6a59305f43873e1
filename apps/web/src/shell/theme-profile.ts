import type { IdentityClaims } from '@groundwork/core/identity';
import { type QueryClient, useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { CLAIMS_QUERY_KEY, useClaims } from '../auth/session';
import { useAfterFirstScreen } from '../lib/first-screen';
import { readSelectedTenantUuid, useTenant } from '../lib/storage';
import { profileKeys, profileQueryOptions, updateProfile } from './own-profile-api';
import { readStorage, THEME_KEY, writeStorage } from './shell-storage';
import { isThemeMode, type ThemeMode } from './theme';
import { useThemeMode } from './theme-mode-context';

/**
 * Spec §4: a changed theme goes to the signed-in person's profile (`updateEmployeeUserInfo` with
 * `app_theme`). Without a chosen company there is no profile to save to, so nothing is sent.
 */
export async function saveThemeToProfile(queryClient: QueryClient, theme: ThemeMode): Promise<void> {
  const tenant = readSelectedTenantUuid();
  const cognitoUuid = queryClient.getQueryData<IdentityClaims | null>(CLAIMS_QUERY_KEY)?.['custom:cognito_uuid'];
  if (!tenant || !cognitoUuid) return;
  const saved = await updateProfile(tenant, cognitoUuid, { app_theme: theme });
  if (saved) queryClient.setQueryData(profileKeys.own(tenant, cognitoUuid), saved);
}

/**
 * The signed-in person's profile in the chosen company, shared by the app bar and /user-profile. `waiting`: not read
 * yet (the app bar's theme waits for the first screen, issue 28).
 */
export function useOwnProfile({ waiting = false }: { waiting?: boolean } = {}) {
  const claims = useClaims();
  const tenant = useTenant();
  const cognitoUuid = claims.data?.['custom:cognito_uuid'];
  const query = useQuery({
    ...profileQueryOptions(tenant ?? '', cognitoUuid ?? ''),
    enabled: Boolean(tenant && cognitoUuid) && !waiting,
  });
  return { query, tenant, cognitoUuid, claims: claims.data ?? null };
}

/**
 * On a device that has not seen it yet (a fresh sign-in), the theme saved on the profile wins. It is
 * written to storage first, so applying it is not echoed back to the profile.
 */
export function useProfileTheme() {
  const { query } = useOwnProfile({ waiting: !useAfterFirstScreen() });
  const { setThemeMode } = useThemeMode();
  const applied = useRef(false);
  const saved = query.data?.app_theme;
  useEffect(() => {
    if (applied.current || query.data === undefined) return;
    applied.current = true;
    if (!isThemeMode(saved) || readStorage(THEME_KEY) === saved) return;
    writeStorage(THEME_KEY, saved);
    void setThemeMode(saved);
  }, [query.data, saved, setThemeMode]);
}
