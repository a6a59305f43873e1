import { FormControl, InputLabel, MenuItem, Select } from '@mui/material';

/** A department or division filter for the board's people ('' is everyone). */
export function GroupFilter(props: {
  id: string;
  label: string;
  all: string;
  value: string;
  onChange: (value: string) => void;
  choices: { id: number; label: string }[];
}) {
  return (
    <FormControl size="small" sx={{ minWidth: 180 }}>
      <InputLabel id={props.id}>{props.label}</InputLabel>
      <Select labelId={props.id} label={props.label} value={props.value} onChange={(e) => props.onChange(e.target.value)}>
        <MenuItem value="">{props.all}</MenuItem>
        {props.choices.map((c) => (
          <MenuItem key={c.id} value={String(c.id)}>
            {c.label}
          </MenuItem>
        ))}
      </Select>
    </FormControl>
  );
}
