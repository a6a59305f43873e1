import { esES } from '@mui/x-data-grid/locales';

/** The DataGrid's own texts in the reader's language: Spanish, or undefined for the built-in English. */
export const dataGridLocaleText = (language: string) =>
  language === 'es' ? esES.components.MuiDataGrid.defaultProps.localeText : undefined;
