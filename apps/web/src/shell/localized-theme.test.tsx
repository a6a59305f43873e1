import { Alert, Autocomplete, TablePagination, TextField } from '@mui/material';
import { act, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../lib/i18n';
import { LocalizedThemeProvider } from './localized-theme';
import { theme } from './theme';

function renderWidgets() {
  return render(
    <I18nextProvider i18n={i18n}>
      <LocalizedThemeProvider theme={theme} defaultMode="light" storageManager={null} noSsr>
        <Autocomplete options={['A']} value="A" renderInput={(params) => <TextField {...params} label="Job" />} />
        <Alert onClose={() => {}}>Hi</Alert>
        <TablePagination component="div" count={30} page={0} rowsPerPage={10} onPageChange={() => {}} />
      </LocalizedThemeProvider>
    </I18nextProvider>,
  );
}

describe('LocalizedThemeProvider (issue 46)', () => {
  afterEach(async () => {
    await act(() => i18n.changeLanguage('en'));
  });

  it("keeps MUI's English words in English", async () => {
    await act(() => i18n.changeLanguage('en'));
    renderWidgets();
    expect(await screen.findByRole('button', { name: 'Open' })).toBeInTheDocument();
    expect(screen.getByLabelText('Clear')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Close' })).toBeInTheDocument();
    expect(screen.getByText('Rows per page:')).toBeInTheDocument();
    expect(screen.getByText('1–10 of 30')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Go to next page' })).toBeInTheDocument();
  });

  it("says MUI's own words in Spanish", async () => {
    await act(() => i18n.changeLanguage('es'));
    renderWidgets();
    expect(await screen.findByRole('button', { name: 'Abrir' })).toBeInTheDocument();
    expect(screen.getByLabelText('Borrar')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cerrar' })).toBeInTheDocument();
    expect(screen.getByText('Filas por página:')).toBeInTheDocument();
    expect(screen.getByText('1–10 de 30')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Ir a la página siguiente' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Open' })).toBeNull();
  });
});
