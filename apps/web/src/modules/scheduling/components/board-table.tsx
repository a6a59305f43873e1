import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { Box, IconButton, Stack, Tooltip, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { BoardJob } from '../api/scheduling';
import { dayLabel } from '../lib/labels';
import type { Chip } from '../lib/staging';
import { JobRow } from './board-job-row';

/** The board's week table: a column a day (with copy-day buttons), a row a job. */
export function BoardTable({
  days,
  jobs,
  byCell,
  canWrite,
  name,
  onCopyDay,
  onRemove,
  onMove,
  onCopyCrew,
}: {
  days: string[];
  jobs: BoardJob[];
  byCell: Map<string, Chip[]>;
  canWrite: boolean;
  name: (id: number) => string;
  onCopyDay: (day: string) => void;
  onRemove: (chip: Chip) => void;
  onMove: (chip: Chip) => void;
  onCopyCrew: (job: BoardJob, crew: Chip[], date: string) => void;
}) {
  const { t, i18n } = useTranslation('scheduling');
  return (
    // On a phone the days are wider (the board scrolls sideways either way), so a person's 44 px handle and remove
    // button fit side by side in a day (issue 46).
    <Box component="table" sx={{ borderCollapse: 'collapse', width: '100%', tableLayout: 'fixed', minWidth: { xs: 1100, sm: 900 } }}>
      <thead>
        <tr>
          <Box component="th" scope="col" sx={{ width: 170, textAlign: 'left', p: 1 }}>
            {t('board.job')}
          </Box>
          {days.map((d) => (
            <Box component="th" scope="col" key={d} sx={{ p: 0.5, textAlign: 'left', fontWeight: 600 }}>
              <Stack direction="row" sx={{ alignItems: 'center' }}>
                <span>{dayLabel(d, i18n.language)}</span>
                {canWrite && (
                  <Tooltip title={t('board.copyDay', { day: dayLabel(d, i18n.language) })}>
                    <IconButton
                      size="small"
                      aria-label={t('board.copyDay', { day: dayLabel(d, i18n.language) })}
                      onClick={() => onCopyDay(d)}
                    >
                      <ContentCopyIcon fontSize="inherit" />
                    </IconButton>
                  </Tooltip>
                )}
              </Stack>
            </Box>
          ))}
        </tr>
      </thead>
      <tbody>
        {jobs.length === 0 && (
          <tr>
            <td colSpan={8}>
              <Typography sx={{ p: 2 }}>{t('board.noJobs')}</Typography>
            </td>
          </tr>
        )}
        {jobs.map((job) => (
          <JobRow
            key={job.id}
            job={job}
            days={days}
            byCell={byCell}
            canWrite={canWrite}
            name={name}
            onRemove={onRemove}
            onMove={onMove}
            onCopyCrew={(crew, date) => onCopyCrew(job, crew, date)}
          />
        ))}
      </tbody>
    </Box>
  );
}
