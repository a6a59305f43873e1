import { GRAPH_JOBS_WITHOUT_FILTER, GRAPH_NODE_KINDS, type GraphNodeKind } from '@groundwork/core/people-report';
import {
  Alert,
  Autocomplete,
  Box,
  Checkbox,
  CircularProgress,
  FormControlLabel,
  FormGroup,
  FormLabel,
  Stack,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
  useMediaQuery,
} from '@mui/material';
import { useTheme } from '@mui/material/styles';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { lazy, Suspense, useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RetryAlert } from '../../components/retry-alert';
import { TenantGate } from '../../components/tenant-gate';
import { GraphQLRequestError } from '../../lib/graphql';
import { refusalText } from '../../lib/refusals';
import { companyGraph, type GraphNode, recordLink } from './api';
import { GraphList } from './graph-list';
import type { GraphSearch } from './search';

// React Flow comes with the graph view only: phones and the list view never download it.
const GraphCanvas = lazy(() => import('./graph-canvas'));

/** /reports/graph (issue 27): the company as a graph a superintendent can read, around one job or the first few. */
export function GraphPage() {
  const { t } = useTranslation('people-report');
  return (
    <Stack spacing={2}>
      <Box>
        <Typography variant="h5" component="h2">
          {t('graph.title')}
        </Typography>
        <Typography color="text.secondary">{t('graph.subtitle')}</Typography>
      </Box>
      <TenantGate noTenant={t('noTenant')}>{(tenant) => <Graph tenant={tenant} />}</TenantGate>
    </Stack>
  );
}

function Graph({ tenant }: { tenant: string }) {
  const { t } = useTranslation('people-report');
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('md'));
  const navigate = useNavigate();
  const search = useSearch({ strict: false }) as GraphSearch;
  const job = search.job ?? null;
  const [kinds, setKinds] = useState<GraphNodeKind[]>([...GRAPH_NODE_KINDS]);
  const [view, setView] = useState<'graph' | 'list' | null>(null);
  const shown = view ?? (wide ? 'graph' : 'list');
  const query = useQuery({
    queryKey: ['company-graph', tenant, job, kinds],
    queryFn: () => companyGraph({ tenant_uuid: tenant, jobs_id: job, kinds }),
    placeholderData: keepPreviousData,
  });
  const open = useCallback((n: GraphNode) => navigate(recordLink(n) as never), [navigate]);
  const chooseJob = (id: number | null) => navigate({ to: '/reports/graph', search: (id ? { job: id } : {}) as never, replace: true });
  const toggle = (kind: GraphNodeKind) => setKinds((list) => (list.includes(kind) ? list.filter((k) => k !== kind) : [...list, kind]));
  const jobs = query.data?.jobs ?? [];
  // Without a filter the server draws the first job: the field shows which.
  const drawn = query.data?.nodes.find((n) => n.kind === 'job');
  const selected = jobs.find((j) => j.id === (job ?? drawn?.ref_id)) ?? null;

  return (
    <Stack spacing={2}>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: { md: 'center' } }}>
        <Autocomplete
          sx={{ minWidth: 280 }}
          options={jobs}
          value={selected}
          getOptionLabel={(o) => o.label}
          isOptionEqualToValue={(a, b) => a.id === b.id}
          onChange={(_e, v) => chooseJob(v?.id ?? null)}
          renderInput={(params) => <TextField {...params} label={t('graph.job')} size="small" />}
        />
        <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
          <FormLabel component="legend" sx={{ typography: 'caption' }}>
            {t('graph.kinds')}
          </FormLabel>
          <FormGroup row>
            {GRAPH_NODE_KINDS.map((kind) => (
              <FormControlLabel
                key={kind}
                control={<Checkbox size="small" checked={kinds.includes(kind)} onChange={() => toggle(kind)} />}
                label={t(`graph.kindPlural.${kind}`)}
              />
            ))}
          </FormGroup>
        </Box>
        <ToggleButtonGroup
          size="small"
          exclusive
          value={shown}
          onChange={(_e, v) => v && setView(v)}
          aria-label={t('graph.view')}
          // The theme's selected colour on its grey fails contrast (axe); the text colour passes on both themes.
          sx={{ '& .MuiToggleButton-root.Mui-selected': { color: 'text.primary' } }}
        >
          <ToggleButton value="graph">{t('graph.viewGraph')}</ToggleButton>
          <ToggleButton value="list">{t('graph.viewList')}</ToggleButton>
        </ToggleButtonGroup>
      </Stack>
      {query.isPending ? (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }} role="status">
          <CircularProgress size={20} />
          <Typography>{t('graph.loading')}</Typography>
        </Stack>
      ) : query.isError ? (
        <RetryAlert retryLabel={t('retry')} onRetry={() => query.refetch()}>
          {query.error instanceof GraphQLRequestError && query.error.code === 'FORBIDDEN'
            ? refusalText(t, query.error)
            : t('graph.fetchError')}
        </RetryAlert>
      ) : (
        <>
          {job == null && jobs.length > GRAPH_JOBS_WITHOUT_FILTER && <Alert severity="info">{t('graph.firstJobs')}</Alert>}
          {query.data.truncated && <Alert severity="warning">{t('graph.truncated')}</Alert>}
          {query.data.nodes.length === 0 ? (
            <Typography color="text.secondary">{t('graph.empty')}</Typography>
          ) : shown === 'graph' ? (
            <Box
              sx={{ height: { xs: 480, md: 'calc(100vh - 300px)' }, minHeight: 420, border: 1, borderColor: 'divider', borderRadius: 1 }}
            >
              <Suspense fallback={<CircularProgress aria-label={t('graph.loading')} />}>
                <GraphCanvas graph={query.data} onOpen={open} />
              </Suspense>
            </Box>
          ) : (
            <GraphList graph={query.data} onOpen={open} />
          )}
        </>
      )}
    </Stack>
  );
}
