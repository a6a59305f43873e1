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
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useOutboxOwner } from '../../auth/session';
import { localToday } from '../../lib/dates';
import { MOOD_OFFER_EVENT } from '../../lib/mood-offer';
import { sendFieldAction } from '../../lib/outbox/send';
import { useSnackbar } from '../../shell/snackbar';
import * as api from './api';

const FACES = ['😣', '🙁', '😐', '🙂', '😄'];
/** How long the bubble after one's own time entry stays. */
const NUDGE_MS = 8000;
const skippedKey = (tenant: string) => `gw.mood.skipped.${tenant}`;
/** The words of a mood level (MOOD_MIN..MOOD_MAX, checked by the form): one of the five the strings hold. */
const levelKey = (level: number) => `mood.levels.${level as 1 | 2 | 3 | 4 | 5}` as const;

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
  const owner = useOutboxOwner();
  const save = useMutation({
    // A field action: with no signal it waits on this phone (lib/outbox) and is sent once, later.
    networkMode: 'always',
    mutationFn: async (): Promise<api.Mood> => {
      const variables = { tenant_uuid: tenant, mood: mood ?? 3, hurt, today: localToday() };
      if (!owner) return api.answerMood(variables);
      const sent = await sendFieldAction({
        owner,
        tenant,
        kind: 'mood',
        label: t('mood.outboxLabel', { level: t(levelKey(variables.mood)) }),
        document: api.answerMoodDocument,
        variables,
      });
      return sent.queued ? { mood: variables.mood, hurt, mood_date: variables.today } : sent.data.answerMood;
    },
    onSuccess: (answer) => {
      qc.setQueryData(api.moodKey(tenant), answer);
      snackbar.show({ color: 'success', message: t('mood.saved') });
    },
    onError: () => snackbar.show({ color: 'error', message: t('mood.saveError') }),
  });
  const offered = !skipped && mine.isSuccess && mine.data === null && !save.isSuccess;
  // Offered again at the end of one's own time-card entry (lib/mood-offer.ts), unless answered or put off today: the
  // face says so in a bubble for a few seconds. A bubble, not a dialog: a worker entering a week of days is not stopped
  // after each one, and nothing under the bubble stops taking taps.
  const [nudge, setNudge] = useState(false);
  const [hovered, setHovered] = useState(false);
  useEffect(() => {
    if (!offered) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const show = () => {
      setNudge(true);
      clearTimeout(timer);
      timer = setTimeout(() => setNudge(false), NUDGE_MS);
    };
    window.addEventListener(MOOD_OFFER_EVENT, show);
    return () => {
      window.removeEventListener(MOOD_OFFER_EVENT, show);
      clearTimeout(timer);
    };
  }, [offered]);
  const skip = () => {
    localStorage.setItem(skippedKey(tenant), today);
    setSkipped(true);
    setAsking(false);
  };
  if (!offered) return null;
  if (!asking) {
    return (
      <Tooltip
        title={nudge ? t('mood.nudge') : t('mood.title')}
        open={nudge || hovered}
        onOpen={() => setHovered(true)}
        onClose={() => setHovered(false)}
        disableInteractive
        arrow={nudge}
      >
        <IconButton
          color="inherit"
          aria-label={t('mood.title')}
          aria-description={nudge ? t('mood.nudge') : undefined}
          onClick={() => {
            setNudge(false);
            setAsking(true);
          }}
          data-testid="mood-open"
        >
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
              <ToggleButton key={level} value={level} aria-label={t(levelKey(level))} sx={{ flex: 1, flexDirection: 'column' }}>
                <span aria-hidden="true" style={{ fontSize: 28 }}>
                  {FACES[level - 1]}
                </span>
                <Typography variant="caption">{t(levelKey(level))}</Typography>
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
