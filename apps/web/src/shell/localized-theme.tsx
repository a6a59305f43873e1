import type { Theme } from '@mui/material/styles';
import { ThemeProvider } from '@mui/material/styles';
import type { TFunction } from 'i18next';
import { type ComponentProps, useMemo } from 'react';
import { useTranslation } from 'react-i18next';

type Texts = TFunction<'shell'>;

/**
 * MUI's own words (an Autocomplete's "Open"/"Close"/"Clear"/"No options", an alert's close button, a table's
 * pagination) in the reader's language (issue 46), as the theme's default props. English keeps MUI's defaults: the
 * theme is the app's own, untouched.
 */
function localizeTheme(theme: Theme, language: string, t: Texts): Theme {
  if (language === 'en') return theme;
  const components = theme.components ?? {};
  const withProps = (name: keyof typeof components, props: Record<string, unknown>) => {
    const current = (components[name] ?? {}) as { defaultProps?: object };
    return { ...current, defaultProps: { ...current.defaultProps, ...props } };
  };
  const pages: Record<string, string> = {
    first: t('muiTexts.firstPage'),
    last: t('muiTexts.lastPage'),
    next: t('muiTexts.nextPage'),
    previous: t('muiTexts.previousPage'),
  };
  return {
    ...theme,
    components: {
      ...components,
      MuiAutocomplete: withProps('MuiAutocomplete', {
        openText: t('muiTexts.open'),
        closeText: t('muiTexts.close'),
        clearText: t('muiTexts.clear'),
        noOptionsText: t('muiTexts.noOptions'),
        loadingText: t('muiTexts.loading'),
      }),
      MuiAlert: withProps('MuiAlert', { closeText: t('muiTexts.close') }),
      MuiTablePagination: withProps('MuiTablePagination', {
        labelRowsPerPage: t('muiTexts.rowsPerPage'),
        labelDisplayedRows: ({ from, to, count }: { from: number; to: number; count: number }) =>
          count === -1 ? t('muiTexts.displayedRowsMore', { from, to }) : t('muiTexts.displayedRows', { from, to, count }),
        getItemAriaLabel: (type: string) => pages[type] ?? type,
      }),
    },
  } as Theme;
}

/** MUI's ThemeProvider with `theme` in the reader's language; the shell strings come with the first (public) chunk. */
export function LocalizedThemeProvider({ theme, ...props }: ComponentProps<typeof ThemeProvider> & { theme: Theme }) {
  const { t, i18n, ready } = useTranslation('shell', { useSuspense: false });
  const language = ready ? (i18n.resolvedLanguage ?? i18n.language) : 'en';
  const localized = useMemo(() => localizeTheme(theme, language, t), [theme, language, t]);
  return <ThemeProvider theme={localized} {...props} />;
}
