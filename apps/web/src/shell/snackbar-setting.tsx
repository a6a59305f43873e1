import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { globalSettingsQueryOptions, SNACKBAR_SETTING_ID, settingIsOn } from '../app/global-settings-query';
import { useAfterFirstScreen } from '../lib/first-screen';
import { useSnackbar } from './snackbar';

/**
 * Spec §2/§9: snackbar messages show only while the company's setting 17 is on (default on). Mounted inside the
 * signed-in layout; leaving it (sign-out, the public pages) turns messages back on.
 */
export function SnackbarSettingGate({ tenant }: { tenant: string }) {
  const { setEnabled } = useSnackbar();
  // Read once the first screen is on screen (issue 28); until then, and when unreadable, the default holds: a message
  // too many beats a missing error.
  const settings = useQuery({ ...globalSettingsQueryOptions(tenant), enabled: useAfterFirstScreen() });
  const enabled = settingIsOn(settings.data, SNACKBAR_SETTING_ID, true);

  useEffect(() => {
    setEnabled(enabled);
  }, [enabled, setEnabled]);
  useEffect(() => () => setEnabled(true), [setEnabled]);

  return null;
}
