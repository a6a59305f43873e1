import { CssBaseline } from '@mui/material';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { GraphQLRequestError } from '../lib/graphql-error';
import { i18n } from '../lib/i18n';
import { BackButtonHandler } from '../shell/back-button';
import { LocalizedThemeProvider } from '../shell/localized-theme';
import { OfflineGate } from '../shell/offline-gate';
import { PwaProvider } from '../shell/pwa';
import { SnackbarProvider } from '../shell/snackbar';
import { theme } from '../shell/theme';
import { readStoredThemeMode, type SaveThemeToProfile, ThemeModeProvider } from '../shell/theme-mode';

// A coded GraphQL error is the server's considered answer; retrying only delays the message.
function shouldRetry(failureCount: number, error: Error): boolean {
  if (error instanceof GraphQLRequestError && error.code !== undefined) return false;
  return failureCount < 2;
}

/** The working set kept on the phone (lib/query-persist.ts) stays in memory as long, so it is still there to keep. */
const KEPT_PREFIXES = [
  'identity',
  'navigation',
  'global-settings',
  'billing-status',
  'timecards',
  'tools',
  'scheduling',
  'tasks',
  'tasks-lookups',
  'project-notes',
  'receipts-lookups',
  'receipts',
  'mood',
  'profile',
];
const KEPT_GC_TIME = 24 * 60 * 60 * 1000;

export function createQueryClient(): QueryClient {
  const client = new QueryClient({
    defaultOptions: {
      queries: { staleTime: 30_000, retry: shouldRetry },
    },
  });
  for (const prefix of KEPT_PREFIXES) client.setQueryDefaults([prefix], { gcTime: KEPT_GC_TIME });
  // The menu a signed-in page opens with fails at once with no signal (then the page opens on what the phone holds)
  // instead of pausing until it returns. The subscription check asks onlineManager itself (app/access.ts).
  client.setQueryDefaults(['navigation'], { gcTime: KEPT_GC_TIME, networkMode: 'always' });
  return client;
}

interface ProvidersProps {
  queryClient: QueryClient;
  /** Saves a changed theme to the signed-in user's profile. */
  saveThemeToProfile?: SaveThemeToProfile;
  /** Tenant setting 17: show snackbar messages (default on). */
  snackbarEnabled?: boolean;
  /** How the Android back button leaves the app; window.close by default. */
  exitApp?: () => void;
  children: ReactNode;
}

export function Providers({ queryClient, saveThemeToProfile, snackbarEnabled = true, exitApp, children }: ProvidersProps) {
  // MUI's own mode storage is off: the spec's `theme` key is the one source, read once here and kept by ThemeModeProvider.
  const [initialMode] = useState(readStoredThemeMode);
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <LocalizedThemeProvider theme={theme} defaultMode={initialMode} storageManager={null} noSsr>
          <CssBaseline />
          <SnackbarProvider enabled={snackbarEnabled}>
            <ThemeModeProvider saveToProfile={saveThemeToProfile}>
              <PwaProvider>
                {children}
                <OfflineGate />
                <BackButtonHandler exit={exitApp} />
              </PwaProvider>
            </ThemeModeProvider>
          </SnackbarProvider>
        </LocalizedThemeProvider>
      </QueryClientProvider>
    </I18nextProvider>
  );
}
