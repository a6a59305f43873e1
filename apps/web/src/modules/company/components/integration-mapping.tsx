import {
  Box,
  Button,
  MenuItem,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSnackbar } from '../../../shell/snackbar';

/** One thing to link: its name, what it is linked to ('' for nothing) and what choosing an option would save. */
export interface MappingRow<Link> {
  key: string;
  name: string;
  value: string;
  options: readonly { value: string; name: string }[];
  /** The link the server suggests by name; offered only while the row is not linked. */
  suggestion: { name: string; link: Link } | null;
  linkTo: (value: string) => Link;
}

interface MappingTableProps<Link> {
  /** The integration's strings in the company namespace (the `mapping` words). */
  strings: 'accounting' | 'timecardSystem';
  /** The table's name; with `headingId` also a heading of its own, naming a section. */
  title: string;
  headingId?: string;
  /** The headers of the name and the link columns, and the label of a row's link field. */
  columns: { name: string; link: string };
  linkLabel: (name: string) => string;
  rows: readonly MappingRow<Link>[];
  /** Saves one link; the links accepted together are saved one after another. */
  save: (link: Link) => Promise<unknown>;
  /** The mapping's read, fetched again once links are saved. */
  queryKey: QueryKey;
}

/**
 * What the QuickBooks Online and QuickBooks Time mapping tabs share (issue 14): a row per record with a field to
 * link it, the server's suggestion by name one at a time or all at once, and a word when the links are saved.
 */
export function MappingTable<Link>({ strings, title, headingId, columns, linkLabel, rows, save, queryKey }: MappingTableProps<Link>) {
  const { t } = useTranslation('company');
  const snackbar = useSnackbar();
  const queryClient = useQueryClient();
  const link = useMutation({
    mutationFn: async (links: Link[]) => {
      for (const l of links) await save(l);
      return links.length;
    },
    onSuccess: (count) => {
      snackbar.show({ color: 'success', message: t(`${strings}.mapping.saved`, { count }) });
      void queryClient.invalidateQueries({ queryKey });
    },
    onError: () => snackbar.show({ color: 'error', message: t(`${strings}.mapping.failed`) }),
  });
  const suggestionOf = (row: MappingRow<Link>) => (row.value === '' ? row.suggestion : null);
  const suggested = rows.flatMap((row) => suggestionOf(row) ?? []);
  return (
    <Stack spacing={1.5} component={headingId ? 'section' : 'div'} aria-labelledby={headingId}>
      {headingId && (
        <Typography id={headingId} component="h4" variant="subtitle2" sx={{ fontWeight: 600 }}>
          {title}
        </Typography>
      )}
      {rows.length === 0 && <Typography color="text.secondary">{t(`${strings}.mapping.empty`)}</Typography>}
      {suggested.length > 0 && (
        <Box>
          <Button variant="outlined" disabled={link.isPending} onClick={() => link.mutate(suggested.map((s) => s.link))}>
            {t(`${strings}.mapping.acceptAll`, { count: suggested.length })}
          </Button>
        </Box>
      )}
      {rows.length > 0 && (
        <TableContainer>
          <Table size="small" aria-label={headingId ? undefined : title} aria-labelledby={headingId}>
            <TableHead>
              <TableRow>
                <TableCell>{columns.name}</TableCell>
                <TableCell>{columns.link}</TableCell>
                <TableCell>{t(`${strings}.mapping.suggestion`)}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((row) => {
                const suggestion = suggestionOf(row);
                return (
                  <TableRow key={row.key}>
                    <TableCell>{row.name}</TableCell>
                    <TableCell sx={{ minWidth: 220 }}>
                      <TextField
                        select
                        size="small"
                        fullWidth
                        label={linkLabel(row.name)}
                        value={row.value}
                        disabled={link.isPending}
                        onChange={(e) => link.mutate([row.linkTo(e.target.value)])}
                      >
                        <MenuItem value="">
                          <em>{t(`${strings}.mapping.none`)}</em>
                        </MenuItem>
                        {row.options.map((option) => (
                          <MenuItem key={option.value} value={option.value}>
                            {option.name}
                          </MenuItem>
                        ))}
                      </TextField>
                    </TableCell>
                    <TableCell>
                      {suggestion && (
                        <Button
                          size="small"
                          disabled={link.isPending}
                          onClick={() => link.mutate([suggestion.link])}
                          aria-label={t(`${strings}.mapping.useSuggestionFor`, { name: row.name, suggestion: suggestion.name })}
                        >
                          {t(`${strings}.mapping.useSuggestion`, { suggestion: suggestion.name })}
                        </Button>
                      )}
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Stack>
  );
}
