import { Box, Button, Card, CardContent, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { TextLink } from '../../shell/links';
import type { ReportPage, ReportPerson } from './api';
import { lastSeenWords, missingWords } from './report-export';

/** A person's name as a link to their page (/modules/people?id=…). */
function PersonLink({ person }: { person: Pick<ReportPerson, 'id' | 'name'> }) {
  return (
    <TextLink to="/modules/people" search={{ id: person.id }}>
      {person.name}
    </TextLink>
  );
}

/** One of the report's lists, a page at a time (previous / next by offset). */
export function ReportList({
  title,
  note,
  empty,
  page,
  offset,
  limit,
  onOffset,
  column,
}: {
  title: string;
  note?: string;
  empty: string;
  page: ReportPage;
  offset: number;
  limit: number;
  onOffset: (offset: number) => void;
  column: 'missing' | 'lastSeen';
}) {
  const { t, i18n } = useTranslation('people-report');
  const headingId = `people-report-${column}`;
  return (
    <Card variant="outlined" component="section" aria-labelledby={headingId}>
      <CardContent>
        <Typography id={headingId} variant="h6" component="h3" gutterBottom>
          {title}
        </Typography>
        {note && (
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {note}
          </Typography>
        )}
        {page.items.length === 0 ? (
          <Typography color="text.secondary">{empty}</Typography>
        ) : (
          <Box sx={{ overflowX: 'auto' }}>
            <Table size="small" aria-labelledby={headingId}>
              <TableHead>
                <TableRow>
                  <TableCell>{t('lists.name')}</TableCell>
                  <TableCell>{t('lists.email')}</TableCell>
                  <TableCell>{t('lists.phone')}</TableCell>
                  <TableCell>{column === 'missing' ? t('lists.missing') : t('lists.lastSeen')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {page.items.map((p) => (
                  <TableRow key={p.id}>
                    {/* One line: a name wrapped in a narrow column left a link narrower than a fingertip (issue 46). */}
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>
                      <PersonLink person={p} />
                    </TableCell>
                    <TableCell>{p.email ?? '—'}</TableCell>
                    <TableCell>{p.phone ?? '—'}</TableCell>
                    <TableCell>{column === 'missing' ? missingWords(t, p) : lastSeenWords(t, p, i18n.language)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Box>
        )}
        {page.total > limit && (
          <Stack direction="row" spacing={1} sx={{ mt: 1, alignItems: 'center' }}>
            <Typography variant="body2" color="text.secondary" sx={{ flexGrow: 1 }}>
              {t('lists.shown', { shown: `${offset + 1}–${offset + page.items.length}`, total: page.total })}
            </Typography>
            <Button size="small" disabled={offset === 0} onClick={() => onOffset(Math.max(0, offset - limit))}>
              {t('lists.previous')}
            </Button>
            <Button size="small" disabled={page.next_offset == null} onClick={() => onOffset(page.next_offset ?? offset)}>
              {t('lists.next')}
            </Button>
          </Stack>
        )}
      </CardContent>
    </Card>
  );
}
