import { formatCents, lineTotalCents } from '@groundwork/core/ordering';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import { Autocomplete, Box, Chip, IconButton, Stack, TextField, Tooltip, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Choice, fetchItems, type Item, orderingKeys } from './api';

/** One line of the order form, as typed (strings until the form is saved). */
export type LineDraft = {
  key: number;
  items_id: number | null;
  description: string;
  quantity: string;
  unit: string;
  /** Dollars, as typed. */
  unit_cost: string;
  costcodes_id: number | null;
  is_bundle: boolean;
  bundle?: string | null;
};

export const parseMoney = (v: string): number | null => {
  const n = Number(v.replace(/[$,\s]/g, ''));
  return v.trim() === '' || !Number.isFinite(n) ? null : Math.round(n * 100);
};
export const parseQuantity = (v: string): number => Number(v.replace(/,/g, '').trim());

export const draftTotal = (lines: LineDraft[]) =>
  lines.reduce((sum, l) => {
    const q = parseQuantity(l.quantity);
    return sum + (Number.isFinite(q) && q > 0 ? lineTotalCents({ quantity: q, unit_cost_cents: parseMoney(l.unit_cost) }) : 0);
  }, 0);

type Props = {
  tenant: string;
  index: number;
  line: LineDraft;
  costcodes: Choice[];
  readOnly: boolean;
  error?: string;
  locale: string;
  onChange: (patch: Partial<LineDraft>) => void;
  onRemove?: () => void;
};

/** An item picker that searches the catalogue as the person types; free text is kept as the description. */
function ItemField({
  tenant,
  line,
  readOnly,
  error,
  label,
  onChange,
}: Pick<Props, 'tenant' | 'line' | 'readOnly' | 'error' | 'onChange'> & { label: string }) {
  const { t } = useTranslation('ordering');
  const [text, setText] = useState(line.description);
  const search = useDeferredValue(text.trim());
  const found = useQuery({
    queryKey: orderingKeys.itemPick(tenant, search),
    queryFn: () => fetchItems(tenant, { search, item_type_id: null, active: true }, null, 20),
    enabled: !readOnly,
    staleTime: 60_000,
  });
  const options = found.data?.items ?? [];
  return (
    <Autocomplete<Item | string, false, false, true>
      freeSolo
      disabled={readOnly}
      options={options}
      filterOptions={(o) => o}
      inputValue={text}
      onInputChange={(_e, value, reason) => {
        setText(value);
        if (reason === 'input') onChange({ description: value, items_id: null, is_bundle: false });
      }}
      onChange={(_e, value) => {
        if (value && typeof value !== 'string') {
          setText(value.item);
          onChange({
            items_id: value.id,
            description: value.item,
            unit: value.unit ?? '',
            unit_cost: value.unit_cost_cents == null ? '' : (value.unit_cost_cents / 100).toFixed(2),
            costcodes_id: value.costcodes_id ?? null,
            is_bundle: value.is_bundle,
          });
        }
      }}
      getOptionLabel={(o) => (typeof o === 'string' ? o : o.item)}
      renderOption={(props, o) => {
        const { key, ...rest } = props as typeof props & { key: string };
        return typeof o === 'string' ? null : (
          <li key={key} {...rest}>
            <Stack sx={{ minWidth: 0 }}>
              <Typography variant="body2">{o.item}</Typography>
              <Typography variant="caption" color="text.secondary">
                {[
                  o.unit,
                  o.unit_cost_cents != null ? formatCents(o.unit_cost_cents) : null,
                  o.vendor_name,
                  o.is_bundle ? t('inventory.bundle') : null,
                ]
                  .filter(Boolean)
                  .join(' · ')}
              </Typography>
            </Stack>
          </li>
        );
      }}
      loading={found.isFetching}
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          required
          error={Boolean(error)}
          helperText={error ?? (line.is_bundle ? t('dialog.bundle') : undefined)}
        />
      )}
    />
  );
}

/** One order line: item or description, quantity, unit, unit cost, cost code and the line's total. */
export function OrderLineRow({ tenant, index, line, costcodes, readOnly, error, locale, onChange, onRemove }: Props) {
  const { t } = useTranslation('ordering');
  const q = parseQuantity(line.quantity);
  const total = Number.isFinite(q) && q > 0 ? lineTotalCents({ quantity: q, unit_cost_cents: parseMoney(line.unit_cost) }) : 0;
  const n = index + 1;
  return (
    <Box
      role="group"
      aria-label={`${t('dialog.item')} ${n}`}
      sx={{
        border: 1,
        borderColor: 'divider',
        borderRadius: 1,
        p: 1.5,
        display: 'grid',
        gap: 1.5,
        gridTemplateColumns: { xs: '1fr 1fr', md: '3fr 1fr 1fr 1.2fr 2fr auto' },
        alignItems: 'start',
      }}
    >
      <Box sx={{ gridColumn: { xs: '1 / -1', md: 'auto' } }}>
        <ItemField tenant={tenant} line={line} readOnly={readOnly} error={error} label={`${t('dialog.item')} ${n}`} onChange={onChange} />
        {line.bundle && <Chip size="small" sx={{ mt: 0.5 }} label={t('dialog.fromBundle', { bundle: line.bundle })} />}
      </Box>
      <TextField
        label={t('dialog.quantity')}
        value={line.quantity}
        disabled={readOnly}
        onChange={(e) => onChange({ quantity: e.target.value })}
        slotProps={{ htmlInput: { inputMode: 'decimal' } }}
      />
      <TextField label={t('dialog.unit')} value={line.unit} disabled={readOnly} onChange={(e) => onChange({ unit: e.target.value })} />
      <TextField
        label={t('dialog.unitCost')}
        value={line.unit_cost}
        disabled={readOnly}
        onChange={(e) => onChange({ unit_cost: e.target.value })}
        slotProps={{ htmlInput: { inputMode: 'decimal' } }}
      />
      <Autocomplete
        options={costcodes}
        disabled={readOnly}
        value={costcodes.find((c) => c.id === line.costcodes_id) ?? null}
        onChange={(_e, v) => onChange({ costcodes_id: v?.id ?? null })}
        getOptionLabel={(o) => o.label}
        isOptionEqualToValue={(a, b) => a.id === b.id}
        renderInput={(params) => <TextField {...params} label={t('dialog.costcode')} />}
      />
      <Stack
        direction="row"
        sx={{ alignItems: 'center', justifyContent: 'space-between', gridColumn: { xs: '1 / -1', md: 'auto' }, minHeight: 56 }}
      >
        <Typography
          variant="body2"
          aria-label={`${t('dialog.lineTotal')} ${n}`}
          sx={{ minWidth: 88, textAlign: 'right', fontVariantNumeric: 'tabular-nums' }}
        >
          {formatCents(total, locale)}
        </Typography>
        {onRemove && !readOnly && (
          <Tooltip title={t('dialog.removeLine', { n })}>
            <IconButton aria-label={t('dialog.removeLine', { n })} onClick={onRemove}>
              <DeleteIcon />
            </IconButton>
          </Tooltip>
        )}
      </Stack>
    </Box>
  );
}
