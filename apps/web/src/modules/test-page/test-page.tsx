import {
  Box,
  Button,
  type ButtonProps,
  Divider,
  FormControlLabel,
  MenuItem,
  Paper,
  Stack,
  Switch,
  TextField,
  Typography,
} from '@mui/material';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppDialog, type DialogButton } from '../../shell/app-dialog';
import { LoadingOverlay } from '../../shell/loading-overlay';
import { type SnackbarColor, useSnackbar } from '../../shell/snackbar';
import { QUERY_KEYS, type QueryKey, type TestPageSearch, withKey, withoutKey } from './search';

/**
 * Spec §2 "a test page", for admins (its menu item asks for admin_access): the shell's reusable pieces with every
 * option under labelled controls, so a person (or an end-to-end test) can try each one.
 */
export function TestPage() {
  const { t } = useTranslation('shell');
  return (
    <Stack spacing={3} sx={{ maxWidth: 960 }}>
      <Box>
        <Typography variant="h5" component="h2">
          {t('testPage.title')}
        </Typography>
        <Typography color="text.secondary">{t('testPage.intro')}</Typography>
      </Box>
      <DialogSection />
      <MessagesSection />
      <OverlaySection />
      <QueryKeysSection />
      <FormStateSection />
      <ErrorSection />
    </Stack>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <Paper variant="outlined" component="section" aria-labelledby={headingId} sx={{ p: { xs: 2, md: 3 } }}>
      <Typography id={headingId} variant="h6" component="h3" sx={{ mb: 2 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

const BUTTON_COLORS = ['primary', 'secondary', 'error', 'warning', 'info', 'success', 'inherit'] as const;
const BUTTON_VARIANTS = ['text', 'outlined', 'contained'] as const;
type ButtonColor = (typeof BUTTON_COLORS)[number];
type ButtonVariant = (typeof BUTTON_VARIANTS)[number];

interface ButtonConfig {
  shown: boolean;
  /** Empty: the dialog's default label. */
  label: string;
  color: ButtonColor;
  variant: ButtonVariant;
}

type ButtonName = 'delete' | 'cancel' | 'action';

// The dialog's own defaults, so an untouched control shows what the dialog does without it.
const INITIAL_BUTTONS: Record<ButtonName, ButtonConfig> = {
  delete: { shown: true, label: '', color: 'error', variant: 'text' },
  cancel: { shown: true, label: '', color: 'inherit', variant: 'text' },
  action: { shown: true, label: '', color: 'primary', variant: 'contained' },
};

/** A width or height control's value: digits are pixels, other text a CSS length, empty the default. */
export function dialogSize(value: string): number | string | undefined {
  const trimmed = value.trim();
  if (trimmed === '') return undefined;
  return /^\d+$/.test(trimmed) ? Number(trimmed) : trimmed;
}

function DialogSection() {
  const { t } = useTranslation('shell');
  const [title, setTitle] = useState(() => t('testPage.dialog.sampleTitle'));
  const [header, setHeader] = useState('');
  const [width, setWidth] = useState('');
  const [height, setHeight] = useState('');
  const [loading, setLoading] = useState(false);
  const [actionDisabled, setActionDisabled] = useState(false);
  const [viewOrEdit, setViewOrEdit] = useState(false);
  const [startInEditMode, setStartInEditMode] = useState(false);
  const [startExpanded, setStartExpanded] = useState(false);
  const [buttons, setButtons] = useState(INITIAL_BUTTONS);
  const [open, setOpen] = useState(false);
  const [editMode, setEditMode] = useState(false);
  const [expanded, setExpanded] = useState(false);
  const [lastEvent, setLastEvent] = useState('');

  const openDialog = () => {
    setEditMode(startInEditMode);
    setExpanded(startExpanded);
    setOpen(true);
  };
  const close = (event: string) => {
    setLastEvent(event);
    setOpen(false);
  };
  const dialogButton = (name: ButtonName, onClick: () => void): DialogButton | undefined => {
    const config = buttons[name];
    if (!config.shown) return undefined;
    return { label: config.label.trim() || undefined, color: config.color, variant: config.variant, onClick };
  };
  const updateButton = (name: ButtonName, change: Partial<ButtonConfig>) =>
    setButtons((previous) => ({ ...previous, [name]: { ...previous[name], ...change } }));

  const switches: [string, boolean, (value: boolean) => void][] = [
    [t('testPage.dialog.loading'), loading, setLoading],
    [t('testPage.dialog.actionDisabled'), actionDisabled, setActionDisabled],
    [t('testPage.dialog.viewOrEdit'), viewOrEdit, setViewOrEdit],
    [t('testPage.dialog.editMode'), startInEditMode, setStartInEditMode],
    [t('testPage.dialog.expanded'), startExpanded, setStartExpanded],
  ];

  return (
    <Section title={t('testPage.dialog.heading')}>
      <Stack spacing={2}>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
          <TextField label={t('testPage.dialog.titleField')} value={title} onChange={(event) => setTitle(event.target.value)} />
          <TextField label={t('testPage.dialog.header')} value={header} onChange={(event) => setHeader(event.target.value)} />
          <TextField
            label={t('testPage.dialog.width')}
            value={width}
            onChange={(event) => setWidth(event.target.value)}
            helperText={t('testPage.dialog.widthHelp')}
          />
          <TextField
            label={t('testPage.dialog.height')}
            value={height}
            onChange={(event) => setHeight(event.target.value)}
            helperText={t('testPage.dialog.heightHelp')}
          />
        </Box>
        <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', columnGap: 2 }}>
          {switches.map(([label, checked, set]) => (
            <FormControlLabel
              key={label}
              control={<Switch checked={checked} onChange={(event) => set(event.target.checked)} />}
              label={label}
            />
          ))}
        </Stack>
        {(['delete', 'cancel', 'action'] as const).map((name) => (
          <ButtonControls key={name} name={name} config={buttons[name]} onChange={(change) => updateButton(name, change)} />
        ))}
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <Button variant="contained" onClick={openDialog}>
            {t('testPage.dialog.open')}
          </Button>
          <Typography role="status" color="text.secondary">
            {lastEvent ? t('testPage.dialog.lastEvent', { event: lastEvent }) : ''}
          </Typography>
        </Stack>
      </Stack>
      <AppDialog
        open={open}
        onClose={() => close(t('testPage.dialog.closed'))}
        title={title}
        header={header.trim() ? <Typography color="text.secondary">{header}</Typography> : undefined}
        loading={loading}
        width={dialogSize(width)}
        height={dialogSize(height)}
        deleteButton={dialogButton('delete', () => close(t('testPage.dialog.deletePressed')))}
        cancelButton={dialogButton('cancel', () => close(t('testPage.dialog.cancelPressed')))}
        actionButton={dialogButton('action', () => close(t('testPage.dialog.actionPressed')))}
        actionButtonDisabled={actionDisabled}
        showViewOrEditOption={viewOrEdit}
        editMode={editMode}
        onEditModeChange={setEditMode}
        isExpanded={expanded}
        onExpandedChange={setExpanded}
      >
        <Stack spacing={2}>
          <Typography>{editMode ? t('testPage.dialog.bodyEdit') : t('testPage.dialog.bodyView')}</Typography>
          <TextField
            label={t('testPage.dialog.notes')}
            defaultValue={t('testPage.dialog.notesValue')}
            slotProps={{ htmlInput: { readOnly: !editMode } }}
            multiline
            minRows={2}
          />
        </Stack>
      </AppDialog>
    </Section>
  );
}

function ButtonControls({
  name,
  config,
  onChange,
}: {
  name: ButtonName;
  config: ButtonConfig;
  onChange: (change: Partial<ButtonConfig>) => void;
}) {
  const { t } = useTranslation('shell');
  const button = t(`testPage.dialog.buttons.${name}`);
  return (
    <Box
      role="group"
      aria-label={button}
      sx={{ display: 'grid', gap: 2, alignItems: 'center', gridTemplateColumns: { xs: '1fr', sm: 'auto 1fr 1fr 1fr' } }}
    >
      <FormControlLabel
        control={<Switch checked={config.shown} onChange={(event) => onChange({ shown: event.target.checked })} />}
        label={t('testPage.dialog.showButton', { button })}
      />
      <TextField
        label={t('testPage.dialog.buttonLabel', { button })}
        value={config.label}
        onChange={(event) => onChange({ label: event.target.value })}
        disabled={!config.shown}
      />
      <TextField
        select
        label={t('testPage.dialog.buttonColor', { button })}
        value={config.color}
        onChange={(event) => onChange({ color: event.target.value as ButtonColor })}
        disabled={!config.shown}
      >
        {BUTTON_COLORS.map((color) => (
          <MenuItem key={color} value={color}>
            {t(`testPage.dialog.colors.${color}`)}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        label={t('testPage.dialog.buttonVariant', { button })}
        value={config.variant}
        onChange={(event) => onChange({ variant: event.target.value as ButtonVariant })}
        disabled={!config.shown}
      >
        {BUTTON_VARIANTS.map((variant) => (
          <MenuItem key={variant} value={variant}>
            {t(`testPage.dialog.variants.${variant}`)}
          </MenuItem>
        ))}
      </TextField>
    </Box>
  );
}

function MessagesSection() {
  const { t } = useTranslation('shell');
  const { show } = useSnackbar();
  const kinds: [SnackbarColor, string, string, ButtonProps['color']][] = [
    ['success', t('testPage.messages.success'), t('testPage.messages.successText'), 'success'],
    ['error', t('testPage.messages.error'), t('testPage.messages.errorText'), 'error'],
    ['info', t('testPage.messages.info'), t('testPage.messages.infoText'), 'info'],
  ];
  return (
    <Section title={t('testPage.messages.heading')}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
        {kinds.map(([color, label, message, buttonColor]) => (
          <Button key={color} variant="outlined" color={buttonColor} onClick={() => show({ message, color })}>
            {label}
          </Button>
        ))}
      </Stack>
    </Section>
  );
}

function OverlaySection() {
  const { t } = useTranslation('shell');
  const [open, setOpen] = useState(false);
  return (
    <Section title={t('testPage.overlay.heading')}>
      <Button variant="outlined" onClick={() => setOpen(true)}>
        {t('testPage.overlay.show')}
      </Button>
      <LoadingOverlay open={open} label={t('testPage.overlay.loading')}>
        {/* Focus goes to the only thing that can be done meanwhile. */}
        <Button variant="contained" color="inherit" onClick={() => setOpen(false)} autoFocus={open}>
          {t('testPage.overlay.hide')}
        </Button>
      </LoadingOverlay>
    </Section>
  );
}

// The values the "Set" buttons give each key.
const SAMPLE_VALUES: Record<QueryKey, string | number | boolean> = { id: 42, admin: true, tab: 'details', step: 2 };

function QueryKeysSection() {
  const { t } = useTranslation('shell');
  const search = useSearch({ strict: false }) as TestPageSearch;
  const navigate = useNavigate();
  const go = (next: (previous: TestPageSearch) => TestPageSearch) => void navigate({ to: '/test', search: next as never });
  return (
    <Section title={t('testPage.query.heading')}>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('testPage.query.intro')}
      </Typography>
      <Stack spacing={1} divider={<Divider flexItem />}>
        {QUERY_KEYS.map((key) => {
          const value = search[key];
          const present = value !== undefined;
          return (
            <Stack key={key} direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
              <Typography sx={{ minWidth: 140 }} data-testid={`query-${key}`}>
                {present ? t('testPage.query.value', { key, value: String(value) }) : t('testPage.query.absent', { key })}
              </Typography>
              <Button variant="outlined" size="small" onClick={() => go((previous) => withKey(previous, key, SAMPLE_VALUES[key]))}>
                {t('testPage.query.set', { key })}
              </Button>
              <Button variant="text" size="small" disabled={!present} onClick={() => go((previous) => withoutKey(previous, key))}>
                {t('testPage.query.remove', { key })}
              </Button>
            </Stack>
          );
        })}
      </Stack>
    </Section>
  );
}

function FormStateSection() {
  const { t } = useTranslation('shell');
  return (
    <Section title={t('testPage.form.heading')}>
      <Stack spacing={2} component="form" noValidate onSubmit={(event) => event.preventDefault()} sx={{ maxWidth: 480 }}>
        <TextField label={t('testPage.form.name')} required error helperText={t('testPage.form.required')} defaultValue="" />
        <TextField label={t('testPage.form.email')} error helperText={t('testPage.form.badEmail')} defaultValue="maria@" />
        <Stack direction="row" spacing={1}>
          <Button type="submit" variant="contained">
            {t('testPage.form.submit')}
          </Button>
          <Button variant="outlined" color="error">
            {t('testPage.form.delete')}
          </Button>
        </Stack>
      </Stack>
    </Section>
  );
}

/** Throws while rendering, as a broken screen would, so the route's error page takes over. */
function Broken(): never {
  throw new Error('Deliberate error from the component test page');
}

function ErrorSection() {
  const { t } = useTranslation('shell');
  const [broken, setBroken] = useState(false);
  return (
    <Section title={t('testPage.error.heading')}>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('testPage.error.intro')}
      </Typography>
      <Button variant="outlined" color="error" onClick={() => setBroken(true)}>
        {t('testPage.error.throw')}
      </Button>
      {broken && <Broken />}
    </Section>
  );
}
