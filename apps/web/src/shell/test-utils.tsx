import { ThemeProvider } from '@mui/material/styles';
import { type RenderResult, render } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { i18n } from '../lib/i18n';
import { SnackbarProvider } from './snackbar';
import { theme } from './theme';

/** Component tests: the shell's providers without the router. */
export function renderInShell(ui: ReactElement, { snackbarEnabled = true }: { snackbarEnabled?: boolean } = {}): RenderResult {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <I18nextProvider i18n={i18n}>
      <ThemeProvider theme={theme} defaultMode="light" storageManager={null} noSsr>
        <SnackbarProvider enabled={snackbarEnabled}>{children}</SnackbarProvider>
      </ThemeProvider>
    </I18nextProvider>
  );
  return render(ui, { wrapper });
}

/** Makes MUI's useMediaQuery see a window of the given width (jsdom has no matchMedia and no layout). */
export function setWindowWidth(width: number) {
  Object.defineProperty(window, 'innerWidth', { configurable: true, value: width });
  window.matchMedia = (query: string) => {
    const max = /max-width:\s*([\d.]+)px/.exec(query);
    const min = /min-width:\s*([\d.]+)px/.exec(query);
    const matches = (!max || width <= Number(max[1])) && (!min || width >= Number(min[1]));
    return {
      matches,
      media: query,
      onchange: null,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
      dispatchEvent: () => false,
    } as MediaQueryList;
  };
}

export function resetWindowWidth() {
  // @ts-expect-error restoring jsdom's default: no matchMedia
  delete window.matchMedia;
  Object.defineProperty(window, 'innerWidth', { configurable: true, value: 1024 });
}

/** The operation name of a GraphQL document a mocked `request` receives: tests answer by it. */
export const operationName = (doc: unknown) =>
  (doc as { definitions: { kind: string; name?: { value: string } }[] }).definitions.find((d) => d.kind === 'OperationDefinition')?.name
    ?.value ?? '';
