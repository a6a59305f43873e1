import { MOOD_MAX, MOOD_MIN } from '@groundwork/core/mood';
import SentimentSatisfiedAltOutlinedIcon from '@mui/icons-material/SentimentSatisfiedAltOutlined';
import {
  Badge,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  FormHelperText,
  IconButton,
  Stack,
  ToggleButton,
  ToggleButtonGroup,
  Tooltip,
  Typography,
} from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnackbar } from '../../shell/snackbar';
import { localToday } from '../announcements/api';
import * as api from './api';

const FACES = ['😣', '🙁', '😐', '🙂', '😄'];
const skippedKey = (tenant: string) => `gw.mood.skipped.${tenant}`;

/**
 * The daily check-in: offered once a day from the app bar (a face that stays until answered, or until "Not now" was
 * chosen that day on this device). It does not pop up over the page: a modal at every first open would stand in the
 * way of whatever the person opened the app to do. One tap for the mood; "hurt at work" is optional.
 */
export function MoodPrompt({ tenant }: { tenant: string }) {
  const { t } = useTranslation('announcements');
  const qc = useQueryClient();
  const snackbar = useSnackbar();
  const titleId = useId();
  const today = localToday();
  const [skipped, setSkipped] = useState(() => localStorage.getItem(skippedKey(tenant)) === today);
  const [mood, setMood] = useState<number | null>(null);
  const [hurt, setHurt] = useState(false);
  const [asking, setAsking] = useState(false);
  const mine = useQuery({
    queryKey: api.moodKey(tenant),
    queryFn: () => api.myMoodToday({ tenant_uuid: tenant }),
    retry: false,
    staleTime: 60_000,
  });
  const save = useMutation({
    mutationFn: () => api.answerMood({ tenant_uuid: tenant, mood: mood ?? 3, hurt }),
    onSuccess: (answer) => {
      qc.setQueryData(api.moodKey(tenant), answer);
      snackbar.show({ color: 'success', message: t('mood.saved') });
    },
    onError: () => snackbar.show({ color: 'error', message: t('mood.saveError') }),
  });
  const offered = !skipped && mine.isSuccess && mine.data === null && !save.isSuccess;
  const skip = () => {
    localStorage.setItem(skippedKey(tenant), today);
    setSkipped(true);
    setAsking(false);
  };
  if (!offered) return null;
  if (!asking) {
    return (
      <Tooltip title={t('mood.title')}>
        <IconButton color="inherit" aria-label={t('mood.title')} onClick={() => setAsking(true)} data-testid="mood-open">
          <Badge color="secondary" variant="dot">
            <SentimentSatisfiedAltOutlinedIcon />
          </Badge>
        </IconButton>
      </Tooltip>
    );
  }
  return (
    <Dialog open onClose={() => setAsking(false)} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <DialogTitle id={titleId}>{t('mood.title')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <Typography id={`${titleId}-q`}>{t('mood.question')}</Typography>
          <ToggleButtonGroup
            exclusive
            value={mood}
            onChange={(_e, v: number | null) => setMood(v)}
            aria-labelledby={`${titleId}-q`}
            sx={{ flexWrap: 'wrap' }}
          >
            {Array.from({ length: MOOD_MAX - MOOD_MIN + 1 }, (_, i) => i + MOOD_MIN).map((level) => (
              <ToggleButton
                key={level}
                value={level}
                aria-label={t(`mood.levels.${level}` as never)}
                sx={{ flex: 1, flexDirection: 'column' }}
              >
                <span aria-hidden="true" style={{ fontSize: 28 }}>
                  {FACES[level - 1]}
                </span>
                <Typography variant="caption">{t(`mood.levels.${level}` as never)}</Typography>
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
          <div>
            <FormControlLabel control={<Checkbox checked={hurt} onChange={(e) => setHurt(e.target.checked)} />} label={t('mood.hurt')} />
            {hurt && <FormHelperText>{t('mood.hurtHelp')}</FormHelperText>}
          </div>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={skip}>{t('mood.skip')}</Button>
        <Button variant="contained" disabled={mood === null || save.isPending} onClick={() => save.mutate()}>
          {t('mood.send')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
