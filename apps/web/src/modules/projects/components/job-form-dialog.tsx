import { JOB_STATUS, jobFields } from '@groundwork/core/jobs';
import { MESSAGES } from '@groundwork/core/people';
import { zodResolver } from '@hookform/resolvers/zod';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import { Button, IconButton, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Controller, type ControllerRenderProps, type FieldErrors, type Resolver, useFieldArray, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { DateField } from '../../../components/date-field';
import { translateFieldError } from '../../../lib/field-errors';
import { AppDialog } from '../../../shell/app-dialog';
import { useSnackbar } from '../../../shell/snackbar';
import { jobKeys } from '../api/keys';
import { createJob, type JobInput, type JobSite, setJobSite, updateJob } from '../api/mutations';
import type { Job } from '../api/queries';
import { JobSiteFields, type JobSiteValues, readSite, sameSite, siteValues } from './job-site-fields';

// The shared rules make every field optional (they also check partial updates); a new or edited job needs a name.
const jobFormSchema = z.intersection(jobFields, z.object({ job: z.string().trim().min(1, MESSAGES.required) }));
const jobResolver = zodResolver(jobFormSchema) as unknown as Resolver<Omit<JobFormValues, keyof JobSiteValues>>;

/** The shared rules for the job, and the site's (typed as text, checked as core's jobSiteProblem checks it) beside them. */
const resolver: Resolver<JobFormValues> = async (values, context, options) => {
  const { site_latitude, site_longitude, site_radius_m, ...rest } = values;
  const site = { site_latitude, site_longitude, site_radius_m };
  const result = await jobResolver(rest, context, options as never);
  const read = readSite(site);
  const errors: FieldErrors<JobFormValues> = { ...result.errors };
  if (!read.ok) errors[read.error.field] = { type: 'site', message: read.error.key };
  if (Object.keys(errors).length) return { values: {}, errors };
  return { values: { ...(result.values as Omit<JobFormValues, keyof JobSiteValues>), ...site }, errors: {} };
};

interface Milestone {
  title: string;
  date: string | null;
  done?: boolean;
}

export interface JobFormValues extends JobSiteValues {
  job: string;
  job_abbr: string;
  customer: string;
  description: string;
  start_date: string | null;
  end_date: string | null;
  status: 1 | 2;
  milestones: Milestone[];
}

function readMilestones(value: unknown): Milestone[] {
  if (!Array.isArray(value)) return [];
  return value
    .filter((m): m is Record<string, unknown> => Boolean(m) && typeof m === 'object')
    .map((m) => ({ title: String(m.title ?? ''), date: typeof m.date === 'string' ? m.date : null, done: m.done === true }));
}

function formValuesFromJob(job: Job | null): JobFormValues {
  return {
    job: job?.job ?? '',
    job_abbr: job?.job_abbr ?? '',
    customer: job?.customer ?? '',
    description: job?.description ?? '',
    start_date: job?.start_date ?? null,
    end_date: job?.end_date ?? null,
    status: job?.status === JOB_STATUS.complete ? JOB_STATUS.complete : JOB_STATUS.active,
    milestones: readMilestones(job?.milestones),
    ...siteValues(job),
  };
}

const emptyToNull = (s: string) => (s.trim() === '' ? null : s.trim());

/** A date held as an ISO day or null, wired to a DateField ('' shows as empty and is kept as null). */
const dateProps = (field: ControllerRenderProps<JobFormValues, 'start_date' | 'end_date' | `milestones.${number}.date`>) => ({
  name: field.name,
  inputRef: field.ref,
  value: field.value ?? '',
  onChange: (e: { target: { value: string } }) => field.onChange(e.target.value || null),
  onBlur: field.onBlur,
});

function jobInputFromForm(values: JobFormValues): JobInput {
  return {
    job: values.job.trim(),
    job_abbr: emptyToNull(values.job_abbr),
    customer: emptyToNull(values.customer),
    description: emptyToNull(values.description),
    start_date: values.start_date,
    end_date: values.end_date,
    status: values.status,
    milestones: values.milestones.length ? values.milestones : null,
  };
}

interface JobFormDialogProps {
  tenant: string;
  open: boolean;
  /** The job to edit; null creates one. */
  job: Job | null;
  onClose: () => void;
  onCreated?: (id: number) => void;
}

export function JobFormDialog({ tenant, open, job, onClose, onCreated }: JobFormDialogProps) {
  const { t } = useTranslation('projects');
  const snackbar = useSnackbar();
  const queryClient = useQueryClient();
  const { control, handleSubmit, register, formState, setValue } = useForm<JobFormValues>({
    defaultValues: formValuesFromJob(job),
    resolver,
    mode: 'onTouched',
  });
  const milestones = useFieldArray({ control, name: 'milestones' });
  const error = (message: string | undefined) => translateFieldError(t, message);

  const save = useMutation({
    mutationFn: async ({ values, site }: { values: JobFormValues; site: JobSite }) => {
      const input = jobInputFromForm(values);
      let id = job?.id;
      if (job) await updateJob(tenant, { ...input, id: job.id });
      else id = (await createJob(tenant, input)).createJobs[0]?.id;
      // The site for the punch clock's fence (issue 47) goes with its own operation, only when it changed.
      if (id && !sameSite(site, job)) await setJobSite(tenant, id, site);
      return id;
    },
    onSuccess: (id) => {
      snackbar.show({ color: 'success', message: job ? t('messages.updated') : t('messages.added') });
      void queryClient.invalidateQueries({ queryKey: jobKeys.all(tenant) });
      onClose();
      if (!job && id) onCreated?.(id);
    },
    onError: () => snackbar.show({ color: 'error', message: job ? t('messages.updateFailed') : t('messages.addFailed') }),
  });

  const submit = handleSubmit((values) => {
    const site = readSite(values);
    if (site.ok) save.mutate({ values, site: site.site });
  });

  return (
    <AppDialog
      open={open}
      onClose={onClose}
      title={job ? t('form.editTitle') : t('form.createTitle')}
      loading={save.isPending}
      width={640}
      cancelButton={{ onClick: onClose, label: t('form.cancel') }}
      actionButton={{ onClick: () => void submit(), label: t('form.save') }}
    >
      <Stack
        component="form"
        spacing={2}
        sx={{ pt: 1 }}
        noValidate
        onSubmit={submit}
        aria-label={job ? t('form.editTitle') : t('form.createTitle')}
      >
        <TextField
          label={t('fields.job')}
          required
          {...register('job')}
          error={Boolean(formState.errors.job)}
          helperText={error(formState.errors.job?.message)}
        />
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <TextField
            label={t('fields.job_abbr')}
            {...register('job_abbr')}
            error={Boolean(formState.errors.job_abbr)}
            helperText={error(formState.errors.job_abbr?.message)}
            sx={{ flex: 1 }}
          />
          <Controller
            control={control}
            name="status"
            render={({ field }) => (
              <TextField select label={t('fields.status')} {...field} sx={{ flex: 1 }}>
                <MenuItem value={JOB_STATUS.active}>{t('list.statusActive')}</MenuItem>
                <MenuItem value={JOB_STATUS.complete}>{t('list.statusComplete')}</MenuItem>
              </TextField>
            )}
          />
        </Stack>
        <TextField
          label={t('fields.customer')}
          {...register('customer')}
          error={Boolean(formState.errors.customer)}
          helperText={error(formState.errors.customer?.message)}
        />
        <TextField
          label={t('fields.description')}
          multiline
          minRows={2}
          {...register('description')}
          error={Boolean(formState.errors.description)}
          helperText={error(formState.errors.description?.message)}
        />
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          {(['start_date', 'end_date'] as const).map((name) => (
            <Controller
              key={name}
              control={control}
              name={name}
              render={({ field, fieldState }) => (
                <DateField
                  {...dateProps(field)}
                  label={t(`fields.${name}`)}
                  error={Boolean(fieldState.error)}
                  helperText={error(fieldState.error?.message)}
                  sx={{ flex: 1 }}
                />
              )}
            />
          ))}
        </Stack>
        <Typography variant="subtitle2" component="h3">
          {t('fields.milestones')}
        </Typography>
        {milestones.fields.map((milestone, index) => (
          <Stack key={milestone.id} direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'flex-start' } }}>
            <TextField
              label={t('fields.milestoneTitle', { n: index + 1 })}
              {...register(`milestones.${index}.title`)}
              error={Boolean(formState.errors.milestones?.[index]?.title)}
              helperText={error(formState.errors.milestones?.[index]?.title?.message)}
              sx={{ flex: 2 }}
            />
            <Controller
              control={control}
              name={`milestones.${index}.date`}
              render={({ field, fieldState }) => (
                <DateField
                  {...dateProps(field)}
                  label={t('fields.milestoneDate', { n: index + 1 })}
                  error={Boolean(fieldState.error)}
                  helperText={error(fieldState.error?.message)}
                  sx={{ flex: 1 }}
                />
              )}
            />
            <IconButton aria-label={t('fields.removeMilestone', { n: index + 1 })} onClick={() => milestones.remove(index)}>
              <DeleteOutlineIcon />
            </IconButton>
          </Stack>
        ))}
        <Button onClick={() => milestones.append({ title: '', date: null })} sx={{ alignSelf: 'flex-start' }}>
          {t('fields.addMilestone')}
        </Button>
        <JobSiteFields register={register} setValue={setValue} errors={formState.errors} />
        {/* Enter in a field submits the form. */}
        <button type="submit" hidden aria-hidden tabIndex={-1} />
      </Stack>
    </AppDialog>
  );
}
