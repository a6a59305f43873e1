import { personName } from '@groundwork/core/names';
import { Autocomplete, Box, TextField, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { TimecardPerson } from '../api/queries';
import { formatHours } from '../lib/hours';

/** For admins: whose card to show, each person with their hours this period and whether they signed. */
export function PersonPicker({
  personOptions,
  selected,
  loading,
  hoursByPerson,
  signedPeople,
  onPick,
}: {
  personOptions: TimecardPerson[];
  selected: number;
  loading: boolean;
  hoursByPerson: Map<number, number>;
  signedPeople: Set<number>;
  onPick: (person: TimecardPerson) => void;
}) {
  const { t, i18n } = useTranslation('timecards');
  const fmt = (hours: number) => formatHours(hours, i18n.language);
  return (
    <Autocomplete
      options={personOptions}
      value={personOptions.find((p) => p.id === selected) ?? null}
      onChange={(_e, p) => p && onPick(p)}
      getOptionLabel={personName}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      loading={loading}
      disableClearable={personOptions.some((p) => p.id === selected)}
      renderOption={({ key, ...props }, p) => (
        <li key={key} {...props}>
          <Box sx={{ display: 'flex', width: '100%', justifyContent: 'space-between', gap: 1 }}>
            <span>{personName(p)}</span>
            <Typography component="span" variant="body2" color="text.secondary">
              {hoursByPerson.has(p.id) ? t('list.hoursShort', { hours: fmt(hoursByPerson.get(p.id) ?? 0) }) : ''}
              {signedPeople.has(p.id) ? ` · ${t('person.signed')}` : ''}
            </Typography>
          </Box>
        </li>
      )}
      renderInput={(params) => <TextField {...params} label={t('person.label')} size="small" />}
      sx={{ minWidth: 260 }}
    />
  );
}
