import { Alert, Button, Checkbox, List, ListItem, ListItemText, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import * as api from './api';
import { MoveDialog } from './move-dialog';
import { cachedTools, searchCachedTools, useContainers } from './tools-shared';

/** The tools tab: search and filter the tools, open one, or pick several to move together. */
export function ToolList(props: {
  tenant: string;
  admin: boolean;
  onOpen: (id: number) => void;
  container: number | '';
  setContainer: (c: number | '') => void;
}) {
  const { tenant, admin, onOpen, container, setContainer } = props;
  const { t } = useTranslation('tools');
  const [search, setSearch] = useState('');
  const [category, setCategory] = useState('');
  const [status, setStatus] = useState(1);
  const [picked, setPicked] = useState<number[]>([]);
  const [moving, setMoving] = useState(false);
  const containers = useContainers(tenant);
  const categories = useQuery({ queryKey: ['tools', tenant, 'categories'], queryFn: () => api.toolCategories({ tenant_uuid: tenant }) });
  const list = useQuery({
    queryKey: ['tools', tenant, 'list', search, container, category, status],
    queryFn: () =>
      api.searchTools({
        tenant_uuid: tenant,
        search: search || null,
        container_id: container === '' ? null : container,
        category: category || null,
        status,
      }),
  });
  // No signal and nothing on this phone for these filters (the query waits for the network): the tools the phone
  // holds from earlier lists, filtered here, so a tool can still be found and moved in a basement.
  const queryClient = useQueryClient();
  const offline = list.data === undefined && list.fetchStatus === 'paused';
  const items = offline
    ? searchCachedTools(cachedTools(queryClient, tenant), { search, container, category, status })
    : (list.data?.items ?? []);
  return (
    <Stack spacing={2}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
        <TextField label={t('filters.search')} value={search} onChange={(e) => setSearch(e.target.value)} size="small" />
        <TextField
          select
          label={t('filters.container')}
          value={container}
          onChange={(e) => setContainer(e.target.value === '' ? '' : Number(e.target.value))}
          size="small"
          sx={{ minWidth: 180 }}
        >
          <MenuItem value="">{t('filters.all')}</MenuItem>
          {(containers.data ?? []).map((c) => (
            <MenuItem key={c.id} value={c.id}>
              {c.container_name}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          label={t('filters.category')}
          value={category}
          onChange={(e) => setCategory(e.target.value)}
          size="small"
          sx={{ minWidth: 160 }}
        >
          <MenuItem value="">{t('filters.all')}</MenuItem>
          {(categories.data ?? []).map((c) => (
            <MenuItem key={c} value={c}>
              {c}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          label={t('filters.status')}
          value={status}
          onChange={(e) => setStatus(Number(e.target.value))}
          size="small"
          sx={{ minWidth: 140 }}
        >
          <MenuItem value={1}>{t('status.active')}</MenuItem>
          <MenuItem value={0}>{t('status.archived')}</MenuItem>
        </TextField>
      </Stack>
      {admin && picked.length > 0 && (
        <Button variant="contained" onClick={() => setMoving(true)} sx={{ alignSelf: 'flex-start' }}>
          {t('move.many', { count: picked.length })}
        </Button>
      )}
      {list.isError && <Alert severity="error">{t('messages.fetchError')}</Alert>}
      {offline && <Alert severity="info">{t('offlineList')}</Alert>}
      <List aria-label={t('tabs.tools')}>
        {items.map((tool) => (
          <ListItem
            key={tool.id}
            divider
            secondaryAction={
              <Button size="small" onClick={() => onOpen(tool.id)} aria-label={t('open', { name: tool.name })}>
                {t('details')}
              </Button>
            }
          >
            {admin && (
              <Checkbox
                edge="start"
                checked={picked.includes(tool.id)}
                onChange={(e) => setPicked(e.target.checked ? [...picked, tool.id] : picked.filter((p) => p !== tool.id))}
                slotProps={{ input: { 'aria-label': t('select', { name: tool.name }) } }}
              />
            )}
            <ListItemText
              primary={`${tool.tool_number} · ${tool.name}`}
              secondary={`${tool.container_name ?? ''}${tool.category ? ` · ${tool.category}` : ''}`}
            />
          </ListItem>
        ))}
      </List>
      {(list.data || offline) && items.length === 0 && <Typography>{t('empty')}</Typography>}
      {moving && <MoveDialog tenant={tenant} ids={picked} onClose={() => setMoving(false)} onMoved={() => setPicked([])} />}
    </Stack>
  );
}
