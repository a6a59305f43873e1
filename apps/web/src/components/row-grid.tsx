import { DataGrid, type GridColDef, type GridValidRowModel } from '@mui/x-data-grid';
import { useTranslation } from 'react-i18next';
import { dataGridLocaleText } from '../lib/data-grid';

/**
 * A desktop list as a DataGrid: all rows on the page (the caller pages with "Load more"), no grid menus, and a row
 * opens on click or Enter. Without onOpen the rows are read-only and keep the plain cursor.
 */
export function RowGrid<R extends GridValidRowModel>({
  label,
  rows,
  columns,
  loading,
  onOpen,
  clickable = true,
}: {
  label: string;
  rows: R[];
  columns: GridColDef<R>[];
  loading: boolean;
  onOpen: (row: R) => void;
  clickable?: boolean;
}) {
  const { i18n } = useTranslation();
  return (
    <DataGrid
      aria-label={label}
      rows={rows}
      columns={columns}
      loading={loading}
      autoHeight
      hideFooter
      disableRowSelectionOnClick
      disableColumnFilter
      disableColumnMenu
      onRowClick={({ row }) => onOpen(row)}
      onCellKeyDown={({ row }, event) => {
        if (event.key === 'Enter') onOpen(row);
      }}
      localeText={dataGridLocaleText(i18n.language)}
      sx={{ '& .MuiDataGrid-row': { cursor: clickable ? 'pointer' : 'default' }, bgcolor: 'background.paper' }}
    />
  );
}
