import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import { Button, IconButton, List, ListItem, ListItemText, Stack, TextField, Typography } from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { OptionPicker } from '../../components/option-picker';
import { useSnackbar } from '../../shell/snackbar';
import { addBundlePart, fetchBundleParts, fetchItems, type Item, orderingKeys, removeBundlePart } from './api';
import { refusal } from './catalogue-shared';

/** The items a bundle is made of (spec §3 Bundle item, quantity default 1): listed, added and removed. */
export function BundleParts({ tenant, bundle }: { tenant: string; bundle: Item }) {
  const { t } = useTranslation('ordering');
  const client = useQueryClient();
  const snackbar = useSnackbar();
  const parts = useQuery({ queryKey: orderingKeys.bundle(tenant, bundle.id), queryFn: () => fetchBundleParts(tenant, bundle.id) });
  const [search, setSearch] = useState('');
  const found = useQuery({
    queryKey: orderingKeys.itemPick(tenant, search),
    queryFn: () => fetchItems(tenant, { search, item_type_id: null, active: true }, null, 20),
    staleTime: 60_000,
  });
  const [pick, setPick] = useState<Item | null>(null);
  const [quantity, setQuantity] = useState('1');
  const refresh = () => void client.invalidateQueries({ queryKey: orderingKeys.all(tenant) });
  const add = useMutation({
    mutationFn: () => addBundlePart(tenant, bundle.id, pick?.id as number, Number(quantity) || 1),
    onSuccess: () => {
      setPick(null);
      setQuantity('1');
      refresh();
    },
    onError: (e) => snackbar.show({ color: 'error', message: refusal(e, t('messages.saveItemFailed')) }),
  });
  const remove = useMutation({
    mutationFn: (id: number) => removeBundlePart(tenant, id),
    onSuccess: refresh,
    onError: (e) => snackbar.show({ color: 'error', message: refusal(e, t('messages.saveItemFailed')) }),
  });
  return (
    <Stack spacing={1}>
      <Typography variant="subtitle2" component="h3">
        {t('inventory.bundleParts')}
      </Typography>
      {(parts.data?.length ?? 0) > 0 && (
        <List dense aria-label={t('inventory.bundleParts')}>
          {parts.data?.map((p) => {
            const name = p.item;
            return (
              <ListItem
                key={p.id}
                secondaryAction={
                  <IconButton edge="end" aria-label={t('inventory.removePart', { name })} onClick={() => remove.mutate(p.id)}>
                    <DeleteIcon />
                  </IconButton>
                }
              >
                <ListItemText primary={name} secondary={`× ${p.quantity}`} />
              </ListItem>
            );
          })}
        </List>
      )}
      <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
        <OptionPicker
          sx={{ flexGrow: 1 }}
          options={(found.data?.items ?? []).filter((i) => i.id !== bundle.id && !i.is_bundle)}
          filterOptions={(o) => o}
          value={pick}
          onChange={setPick}
          onInputChange={setSearch}
          getOptionLabel={(o) => o.item}
          label={t('inventory.addPart')}
        />
        <TextField
          label={t('inventory.partQuantity')}
          value={quantity}
          onChange={(e) => setQuantity(e.target.value)}
          sx={{ width: 110 }}
          slotProps={{ htmlInput: { inputMode: 'decimal' } }}
        />
        <Button variant="outlined" disabled={!pick || add.isPending} onClick={() => add.mutate()} sx={{ mt: 1 }}>
          {t('tree.add')}
        </Button>
      </Stack>
    </Stack>
  );
}
