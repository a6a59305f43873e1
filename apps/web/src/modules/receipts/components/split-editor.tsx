import { RECEIPT_LIMITS } from '@groundwork/core/receipts';
import AddIcon from '@mui/icons-material/Add';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import { Alert, Autocomplete, Box, Button, IconButton, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { ruleMessage } from '../lib/messages';
import { formatMoney } from '../lib/money';
import { type SplitLine, summarizeSplits } from '../lib/splits';

export interface JobOption {
  id: number;
  label: string;
}

export interface CodeOption {
  id: number;
  label: string;
}

interface SplitEditorProps {
  totalCents: number | null;
  lines: SplitLine[];
  onChange: (lines: SplitLine[]) => void;
  jobs: readonly JobOption[];
  /** The cost codes offered for a job. */
  codesFor: (jobId: number | null) => readonly CodeOption[];
  newKey: () => number;
  disabled?: boolean;
}

/**
 * Splits a receipt across jobs and cost codes: rows of job, cost code and amount, a live "remaining" figure, and
 * the core rule's message while the lines do not add up to the total.
 */
export function SplitEditor({ totalCents, lines, onChange, jobs, codesFor, newKey, disabled }: SplitEditorProps) {
  const { t, i18n } = useTranslation('receipts');
  const summary = summarizeSplits(totalCents, lines);
  const change = (key: number, patch: Partial<SplitLine>) => onChange(lines.map((l) => (l.key === key ? { ...l, ...patch } : l)));
  const typed = lines.some((l) => l.amount.trim() !== '');
  const remaining = summary.remainingCents;

  return (
    <Stack spacing={1.5} data-testid="split-editor">
      <Stack component="ol" spacing={1.5} aria-label={t('split.lines')} sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {lines.map((line, index) => {
          const n = index + 1;
          const job = jobs.find((j) => j.id === line.jobs_id) ?? null;
          const codes = codesFor(line.jobs_id);
          const badAmount = typed && line.amount.trim() !== '' && summary.badAmounts.includes(index);
          return (
            <Box
              component="li"
              key={line.key}
              data-testid="split-line"
              sx={{
                display: 'grid',
                gap: 1,
                alignItems: 'start',
                gridTemplateColumns: { xs: 'minmax(0, 1fr) auto', sm: 'minmax(0, 2fr) minmax(0, 1.5fr) minmax(128px, 1fr) auto' },
                p: { xs: 1.5, sm: 0 },
                border: { xs: 1, sm: 0 },
                borderColor: 'divider',
                borderRadius: 2,
              }}
            >
              <Autocomplete
                options={jobs as JobOption[]}
                value={job}
                disabled={disabled}
                onChange={(_e, next) => change(line.key, { jobs_id: next?.id ?? null, costcodes_id: null })}
                getOptionLabel={(o) => o.label}
                isOptionEqualToValue={(a, b) => a.id === b.id}
                renderInput={(params) => <TextField {...params} size="small" label={t('split.job', { n })} required />}
                sx={{ gridColumn: { xs: '1 / 2', sm: 'auto' } }}
              />
              <IconButton
                aria-label={t('split.remove', { n })}
                onClick={() => onChange(lines.filter((l) => l.key !== line.key))}
                disabled={disabled || lines.length <= RECEIPT_LIMITS.minSplits}
                sx={{ gridColumn: { xs: '2 / 3', sm: '4 / 5' }, gridRow: { xs: '1', sm: '1' } }}
              >
                <DeleteOutlineIcon />
              </IconButton>
              <TextField
                select
                size="small"
                label={t('split.costcode', { n })}
                value={line.costcodes_id ?? ''}
                disabled={disabled || line.jobs_id === null}
                onChange={(e) => change(line.key, { costcodes_id: e.target.value === '' ? null : Number(e.target.value) })}
                sx={{ gridColumn: { xs: '1 / 3', sm: '2 / 3' }, gridRow: { sm: '1' } }}
              >
                <MenuItem value="">
                  <em>{t('form.none')}</em>
                </MenuItem>
                {codes.map((c) => (
                  <MenuItem key={c.id} value={c.id}>
                    {c.label}
                  </MenuItem>
                ))}
              </TextField>
              <TextField
                size="small"
                label={t('split.amount', { n })}
                value={line.amount}
                disabled={disabled}
                onChange={(e) => change(line.key, { amount: e.target.value })}
                error={badAmount}
                helperText={badAmount ? t('rules.splitAmount') : undefined}
                slotProps={{ htmlInput: { inputMode: 'decimal', autoComplete: 'off' } }}
                sx={{ gridColumn: { xs: '1 / 3', sm: '3 / 4' }, gridRow: { sm: '1' } }}
              />
            </Box>
          );
        })}
      </Stack>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}>
        <Button
          startIcon={<AddIcon />}
          disabled={disabled || lines.length >= RECEIPT_LIMITS.maxSplits}
          onClick={() =>
            onChange([
              ...lines,
              { key: newKey(), jobs_id: null, costcodes_id: null, amount: remaining > 0 ? (remaining / 100).toFixed(2) : '' },
            ])
          }
        >
          {t('split.addLine')}
        </Button>
        <Typography
          data-testid="split-remaining"
          role="status"
          variant="body2"
          sx={{ fontWeight: 600, color: remaining < 0 ? 'errorText' : 'text.primary', display: 'flex', alignItems: 'center', gap: 0.5 }}
        >
          {remaining === 0 && <CheckCircleIcon fontSize="small" color="success" aria-hidden />}
          {remaining < 0
            ? t('split.over', { amount: formatMoney(-remaining, i18n.language) })
            : t('split.remaining', { amount: formatMoney(remaining, i18n.language) })}
        </Typography>
      </Stack>
      {summary.problem && typed && (
        <Alert severity="warning" data-testid="split-problem">
          {ruleMessage(summary.problem, t)}
        </Alert>
      )}
    </Stack>
  );
}
