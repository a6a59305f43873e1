import {
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControl,
  FormControlLabel,
  FormGroup,
  FormLabel,
  InputLabel,
  MenuItem,
  Select,
} from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { BoardJob } from '../api/scheduling';
import type { Place } from '../lib/board-dnd';
import { dayLabel } from '../lib/labels';

/** The keyboard and screen-reader path for every drag: pick the job and the days (one day when moving). */
export function PlaceDialog({
  place,
  jobs,
  days,
  onChange,
  onConfirm,
}: {
  place: Place | null;
  jobs: BoardJob[];
  days: string[];
  onChange: (p: Place | null) => void;
  onConfirm: () => void;
}) {
  const { t, i18n } = useTranslation('scheduling');
  const title = place
    ? place.move
      ? t('board.move', { name: place.people[0]?.name ?? '' })
      : place.people.length === 1
        ? t('board.assign', { name: place.people[0].name })
        : t('board.copyCrew')
    : '';
  return (
    <Dialog open={place !== null} onClose={() => onChange(null)} aria-labelledby="schedule-place-title" fullWidth maxWidth="xs">
      <DialogTitle id="schedule-place-title">{title}</DialogTitle>
      {place && (
        <DialogContent>
          <FormControl fullWidth sx={{ mt: 1 }}>
            <InputLabel id="schedule-place-job">{t('board.dialogJob')}</InputLabel>
            <Select
              labelId="schedule-place-job"
              label={t('board.dialogJob')}
              value={place.job}
              onChange={(e) => onChange({ ...place, job: String(e.target.value) === '' ? '' : Number(e.target.value) })}
            >
              {jobs.map((j) => (
                <MenuItem key={j.id} value={j.id}>
                  {j.label}
                </MenuItem>
              ))}
            </Select>
          </FormControl>
          <FormControl component="fieldset" sx={{ mt: 2 }}>
            <FormLabel component="legend">{t('board.dialogDays')}</FormLabel>
            <FormGroup row>
              {days.map((d) => (
                <FormControlLabel
                  key={d}
                  label={dayLabel(d, i18n.language)}
                  control={
                    <Checkbox
                      checked={place.dates.includes(d)}
                      onChange={(e) =>
                        onChange({
                          ...place,
                          dates: place.move ? [d] : e.target.checked ? [...place.dates, d] : place.dates.filter((x) => x !== d),
                        })
                      }
                    />
                  }
                />
              ))}
            </FormGroup>
          </FormControl>
        </DialogContent>
      )}
      <DialogActions>
        <Button onClick={() => onChange(null)}>{t('board.cancel')}</Button>
        <Button variant="contained" onClick={onConfirm} disabled={!place || place.job === '' || place.dates.length === 0}>
          {t('board.dialogConfirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
