import { formatHours, type ManpowerLine, manpowerHours } from '@groundwork/core/project-notes';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import { IconButton, List, ListItem, ListItemText, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';

/** The report's manpower: each person's hours by cost code, and the day's total; removable while not archived. */
export function ReportManpower({
  manpower,
  archived,
  onRemove,
}: {
  manpower: ManpowerLine[];
  archived: boolean;
  onRemove: (index: number) => void;
}) {
  const { t } = useTranslation('project-notes');
  const total = manpowerHours(manpower);
  return (
    <Stack spacing={0.5}>
      <Typography variant="subtitle1" component="h3">
        {t('dialog.manpower')}
        {manpower.length > 0 && ` · ${t('dialog.totalHours', { hours: total })}`}
      </Typography>
      {manpower.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {t('dialog.manpowerEmpty')}
        </Typography>
      ) : (
        <List dense aria-label={t('dialog.manpower')} sx={{ border: 1, borderColor: 'divider', borderRadius: 1 }}>
          {manpower.map((m, i) => (
            <ListItem
              key={m.employees_id ?? `name:${m.name}`}
              secondaryAction={
                archived ? undefined : (
                  <IconButton edge="end" aria-label={t('dialog.removePerson', { name: m.name })} onClick={() => onRemove(i)}>
                    <DeleteIcon />
                  </IconButton>
                )
              }
            >
              <ListItemText
                primary={`${m.name} · ${formatHours(m.hours)}`}
                secondary={m.costcodes.map((c) => `${c.costcode}: ${formatHours(c.hours)}`).join(', ') || undefined}
              />
            </ListItem>
          ))}
        </List>
      )}
    </Stack>
  );
}
