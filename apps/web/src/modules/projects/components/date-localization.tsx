import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import 'dayjs/locale/es';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** Date pickers follow the app language; kept in this module so the picker code loads only with the jobs screens. */
export function DateLocalization({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  return (
    <LocalizationProvider dateAdapter={AdapterDayjs} adapterLocale={i18n.language === 'es' ? 'es' : 'en'}>
      {children}
    </LocalizationProvider>
  );
}
