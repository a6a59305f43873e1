import SearchIcon from '@mui/icons-material/Search';
import { InputAdornment, MenuItem, TextField } from '@mui/material';

/** A list's search box: a small search field with the magnifier, growing to fill its filter row. */
export function SearchField({ label, value, onChange }: { label: string; value: string; onChange: (text: string) => void }) {
  return (
    <TextField
      label={label}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      type="search"
      size="small"
      sx={{ flexGrow: 1 }}
      slotProps={{
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <SearchIcon />
            </InputAdornment>
          ),
        },
      }}
    />
  );
}

/** A list's status filter: a small select over the given values, each with its translated label. */
export function StatusSelect<S extends string>({
  label,
  value,
  onChange,
  options,
}: {
  label: string;
  value: S;
  onChange: (status: S) => void;
  options: { value: S; label: string }[];
}) {
  return (
    <TextField
      select
      label={label}
      value={value}
      onChange={(event) => onChange(event.target.value as S)}
      size="small"
      sx={{ minWidth: 160 }}
    >
      {options.map((o) => (
        <MenuItem key={o.value} value={o.value}>
          {o.label}
        </MenuItem>
      ))}
    </TextField>
  );
}
