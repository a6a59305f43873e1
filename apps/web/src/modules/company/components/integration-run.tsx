import { Button, Stack, Table, TableBody, TableCell, TableContainer, TableHead, TableRow } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { type ReactNode, useId, useState } from 'react';
import { useSnackbar } from '../../../shell/snackbar';

// What the QuickBooks Online sync and the QuickBooks Time import share (issue 14): a dry-run preview, then the run
// itself, each answering with its operations; and the tables that list them.

type Answer<Op, Field extends string> = { message: string | null; data: { [K in Field]?: Op[] } & { unchanged?: number } };

/** What the last preview or run answered, with the scope (say, the pay period) on screen when it answered. */
export interface RunView<Op, Scope> {
  kind: 'preview' | 'result';
  ops: Op[];
  unchanged: number;
  message: string | null;
  scope: Scope | undefined;
}

interface PreviewThenRunOptions<Op, Scope> {
  scope?: Scope;
  preview: () => Promise<Answer<Op, 'ops'>>;
  run: () => Promise<Answer<Op, 'results'>>;
  /** After a run: the integration's own word on it, and what it makes stale. */
  onResult: (ops: Op[]) => void;
  /** The snackbar's words when the preview or the run fails. */
  failed: (step: 'preview' | 'run', error: Error) => string;
}

/** The preview and the run, each telling the snackbar when it fails; `view` is the last answer. */
export function usePreviewThenRun<Op, Scope = undefined>({ scope, preview, run, onResult, failed }: PreviewThenRunOptions<Op, Scope>) {
  const snackbar = useSnackbar();
  const [view, setView] = useState<RunView<Op, Scope> | null>(null);
  const previewing = useMutation({
    mutationFn: preview,
    onSuccess: (r) => setView({ kind: 'preview', ops: r.data.ops ?? [], unchanged: r.data.unchanged ?? 0, message: r.message, scope }),
    onError: (error) => snackbar.show({ color: 'error', message: failed('preview', error) }),
  });
  const running = useMutation({
    mutationFn: run,
    onSuccess: (r) => {
      const ops = r.data.results ?? [];
      setView({ kind: 'result', ops, unchanged: r.data.unchanged ?? 0, message: r.message, scope });
      onResult(ops);
    },
    onError: (error) => snackbar.show({ color: 'error', message: failed('run', error) }),
  });
  return {
    view,
    busy: previewing.isPending || running.isPending,
    preview: () => previewing.mutate(),
    run: () => running.mutate(),
  };
}

interface RunButtonsProps {
  actions: { busy: boolean; preview: () => void; run: () => void };
  labels: { preview: string; run: string };
  canPreview?: boolean;
  /** Whether the last preview has anything the run would do. */
  canRun: boolean;
}

export function RunButtons({ actions, labels, canPreview = true, canRun }: RunButtonsProps) {
  return (
    <Stack direction="row" spacing={1}>
      <Button variant="outlined" disabled={actions.busy || !canPreview} onClick={actions.preview}>
        {labels.preview}
      </Button>
      <Button variant="contained" disabled={actions.busy || !canRun} onClick={actions.run}>
        {labels.run}
      </Button>
    </Stack>
  );
}

export type Column<Row> = { header: string; cell: (row: Row) => ReactNode };

interface RowsTableProps<Row> {
  /** The table's name: its aria-label, or with `caption` a caption above it. */
  label: string;
  caption?: boolean;
  columns: readonly Column<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
}

/** A plain table of operations or log entries, a column each for what the caller lists. */
export function RowsTable<Row>({ label, caption, columns, rows, rowKey }: RowsTableProps<Row>) {
  const captionId = useId();
  return (
    <TableContainer>
      <Table size="small" aria-label={caption ? undefined : label} aria-labelledby={caption ? captionId : undefined}>
        {caption && (
          <caption id={captionId} style={{ captionSide: 'top', textAlign: 'left', padding: 0 }}>
            {label}
          </caption>
        )}
        <TableHead>
          <TableRow>
            {columns.map((column) => (
              <TableCell key={column.header}>{column.header}</TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={rowKey(row)}>
              {columns.map((column) => (
                <TableCell key={column.header}>{column.cell(row)}</TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
