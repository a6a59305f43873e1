import { Autocomplete, type AutocompleteProps, type SxProps, TextField, type Theme } from '@mui/material';
import type { ReactNode, Ref } from 'react';

/**
 * One record picked by name from a list (a job, a vendor, a person…): an Autocomplete over records with an id, its
 * text field labelled, and the field's error and helper text when a form gives them.
 */
export function OptionPicker<T extends { id: number }>({
  options,
  value,
  onChange,
  getOptionLabel,
  label,
  required,
  error,
  helperText,
  inputRef,
  disabled,
  loading,
  onBlur,
  onInputChange,
  filterOptions,
  sx,
}: {
  options: T[];
  value: T | null;
  onChange: (value: T | null) => void;
  getOptionLabel: (option: T) => string;
  label: string;
  required?: boolean;
  error?: boolean;
  helperText?: ReactNode;
  inputRef?: Ref<HTMLInputElement>;
  disabled?: boolean;
  loading?: boolean;
  onBlur?: () => void;
  onInputChange?: (text: string) => void;
  filterOptions?: AutocompleteProps<T, false, false, false>['filterOptions'];
  sx?: SxProps<Theme>;
}) {
  return (
    <Autocomplete
      sx={sx}
      options={options}
      disabled={disabled}
      value={value}
      onChange={(_e, next) => onChange(next)}
      onInputChange={onInputChange && ((_e, text) => onInputChange(text))}
      onBlur={onBlur}
      filterOptions={filterOptions}
      getOptionLabel={getOptionLabel}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      loading={loading}
      renderInput={(params) => (
        <TextField {...params} inputRef={inputRef} label={label} required={required} error={error} helperText={helperText} />
      )}
    />
  );
}
