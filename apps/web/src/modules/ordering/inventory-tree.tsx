import AddIcon from '@mui/icons-material/Add';
import EditIcon from '@mui/icons-material/EditOutlined';
import { Box, Button, IconButton, List, ListItem, ListItemText, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppDialog } from '../../shell/app-dialog';
import { useSnackbar } from '../../shell/snackbar';
import { archiveTreeNode, orderingKeys, saveTreeNode, type TreeNode } from './api';
import { refusal } from './catalogue-shared';

/** The types tab: the item types and the item classes, side by side. */
export function Tree({ tenant, admin, types, classes }: { tenant: string; admin: boolean; types: TreeNode[]; classes: TreeNode[] }) {
  return (
    <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
      <TreeList tenant={tenant} admin={admin} kind="types" nodes={types} />
      <TreeList tenant={tenant} admin={admin} kind="classes" nodes={classes} />
    </Box>
  );
}

/** A type or class list shown as a tree (children indented under their parent), with add, rename and archive. */
function TreeList({ tenant, admin, kind, nodes }: { tenant: string; admin: boolean; kind: 'types' | 'classes'; nodes: TreeNode[] }) {
  const { t } = useTranslation('ordering');
  const client = useQueryClient();
  const snackbar = useSnackbar();
  const [edit, setEdit] = useState<{ node: TreeNode | null } | null>(null);
  const [name, setName] = useState('');
  const [parent, setParent] = useState<number | ''>('');
  const active = nodes.filter((n) => n.status === 1);
  const ordered: { node: TreeNode; depth: number }[] = [];
  const walk = (parentId: number | null, depth: number) => {
    for (const n of active.filter((x) => (x.parent_id ?? null) === parentId).sort((a, b) => a.partclass.localeCompare(b.partclass))) {
      if (ordered.some((o) => o.node.id === n.id) || depth > 8) continue;
      ordered.push({ node: n, depth });
      walk(n.id, depth + 1);
    }
  };
  walk(null, 0);
  // Children of archived parents still show, at the top level.
  for (const n of active) if (!ordered.some((o) => o.node.id === n.id)) ordered.push({ node: n, depth: 0 });
  const done = () => void client.invalidateQueries({ queryKey: orderingKeys.all(tenant) });
  const save = useMutation({
    mutationFn: () =>
      saveTreeNode(tenant, kind, edit?.node?.id ?? null, { partclass: name.trim(), parent_id: parent === '' ? null : parent }),
    onSuccess: () => {
      done();
      snackbar.show({ color: 'success', message: t('messages.saved2') });
      setEdit(null);
    },
    onError: (e) => snackbar.show({ color: 'error', message: refusal(e, t('messages.saveItemFailed')) }),
  });
  const remove = useMutation({
    mutationFn: (id: number) => archiveTreeNode(tenant, kind, id),
    onSuccess: done,
    onError: (e) => snackbar.show({ color: 'error', message: refusal(e, t('messages.saveItemFailed')) }),
  });
  const title = kind === 'types' ? t('tree.types') : t('tree.classes');
  return (
    <Stack spacing={1}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
        <Typography variant="h6" component="h3">
          {title}
        </Typography>
        {admin && (
          <Button
            startIcon={<AddIcon />}
            onClick={() => {
              setName('');
              setParent('');
              setEdit({ node: null });
            }}
          >
            {kind === 'types' ? t('tree.newType') : t('tree.newClass')}
          </Button>
        )}
      </Stack>
      <List dense aria-label={title} sx={{ bgcolor: 'background.paper', borderRadius: 1, border: 1, borderColor: 'divider' }}>
        {ordered.map(({ node, depth }) => (
          <ListItem
            key={node.id}
            sx={{ pl: 2 + depth * 3 }}
            secondaryAction={
              admin ? (
                <IconButton
                  edge="end"
                  aria-label={t('tree.rename', { name: node.partclass })}
                  onClick={() => {
                    setName(node.partclass);
                    setParent(node.parent_id ?? '');
                    setEdit({ node });
                  }}
                >
                  <EditIcon />
                </IconButton>
              ) : undefined
            }
          >
            <ListItemText primary={node.partclass} />
          </ListItem>
        ))}
      </List>
      {edit && (
        <AppDialog
          open
          onClose={() => setEdit(null)}
          title={edit.node ? t('tree.rename', { name: edit.node.partclass }) : kind === 'types' ? t('tree.newType') : t('tree.newClass')}
          loading={save.isPending || remove.isPending}
          width={480}
          editMode
          cancelButton={{ onClick: () => setEdit(null), label: t('cancel') }}
          actionButton={{ onClick: () => save.mutate(), label: t('save') }}
          actionButtonDisabled={!name.trim()}
          deleteButton={
            edit.node
              ? {
                  onClick: () => {
                    remove.mutate(edit.node?.id as number);
                    setEdit(null);
                  },
                  label: t('tree.remove', { name: edit.node.partclass }),
                }
              : undefined
          }
        >
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextField label={t('tree.name')} required value={name} onChange={(e) => setName(e.target.value)} autoFocus />
            <TextField
              select
              label={t('tree.parent')}
              value={parent}
              onChange={(e) => setParent(e.target.value === '' ? '' : Number(e.target.value))}
            >
              <MenuItem value="">{t('tree.top')}</MenuItem>
              {active
                .filter((n) => n.id !== edit.node?.id)
                .map((n) => (
                  <MenuItem key={n.id} value={n.id}>
                    {n.partclass}
                  </MenuItem>
                ))}
            </TextField>
          </Stack>
        </AppDialog>
      )}
    </Stack>
  );
}
