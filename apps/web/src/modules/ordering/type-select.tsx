import { MenuItem, type SxProps, TextField, type Theme } from '@mui/material';
import type { TreeNode } from './api';

/** A select of the catalogue's active item types, with a first choice for none ('' is none). */
export function TypeSelect({
  label,
  noneLabel,
  types,
  value,
  onChange,
  size,
  sx,
}: {
  label: string;
  noneLabel: string;
  types: TreeNode[];
  value: number | '';
  onChange: (value: number | '') => void;
  size?: 'small';
  sx?: SxProps<Theme>;
}) {
  return (
    <TextField
      select
      size={size}
      label={label}
      value={value}
      onChange={(e) => onChange(e.target.value === '' ? '' : Number(e.target.value))}
      sx={sx}
    >
      <MenuItem value="">{noneLabel}</MenuItem>
      {types
        .filter((ty) => ty.status === 1)
        .map((ty) => (
          <MenuItem key={ty.id} value={ty.id}>
            {ty.partclass}
          </MenuItem>
        ))}
    </TextField>
  );
}
