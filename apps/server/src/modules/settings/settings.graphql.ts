import { fromText, msg, prefixed } from '@groundwork/core/messages';
import { isSettingOn, MINUTE_INCREMENT_SETTINGS, settingValueProblem } from '@groundwork/core/settings';
import { asc, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { builder } from '../../graphql/builder.js';
import { AppError } from '../../graphql/errors.js';
import { tenantMutation, tenantQuery } from '../../graphql/gate.js';
import { codxTenantOptionsValues, tenantSettings } from './settings.table.js';

type GlobalSetting = {
  codx_tenant_options_values_id: number;
  title: string;
  description: string | null;
  group: string;
  value_type: string;
  options: string[] | null;
  custom_value: string | null;
  pass_through_value: string | null;
};

const GlobalSettingRef = builder.objectRef<GlobalSetting>('GlobalSetting').implement({
  description: "A global option with the company's value, or the option's default when the company has not set it.",
  fields: (t) => ({
    codx_tenant_options_values_id: t.exposeInt('codx_tenant_options_values_id'),
    title: t.exposeString('title'),
    description: t.exposeString('description', { nullable: true }),
    group: t.exposeString('group'),
    value_type: t.exposeString('value_type', { description: '"boolean" | "date" | "number" | "select"' }),
    options: t.exposeStringList('options', { nullable: true }),
    custom_value: t.exposeString('custom_value', { nullable: true }),
    pass_through_value: t.exposeString('pass_through_value', { nullable: true }),
  }),
});

type SettingInput = { codx_tenant_options_values_id: number; custom_value?: string | null; pass_through_value?: string | null };

const TenantSettingInput = builder.inputRef<SettingInput>('TenantSettingInput').implement({
  fields: (t) => ({
    codx_tenant_options_values_id: t.int({ required: true }),
    custom_value: t.string({ required: false }),
    pass_through_value: t.string({ required: false }),
  }),
});

/** Every option in catalogue order, each with the company's stored value or else its default. */
async function loadGlobalSettings(tx: Tx, tenantUuid: string): Promise<GlobalSetting[]> {
  const options = await tx.select().from(codxTenantOptionsValues).orderBy(asc(codxTenantOptionsValues.position));
  const stored = await tx.select().from(tenantSettings).where(eq(tenantSettings.tenant_uuid, tenantUuid));
  const byId = new Map(stored.map((s) => [s.codx_tenant_options_values_id, s]));
  return options.map((o) => {
    const own = byId.get(o.id);
    return {
      codx_tenant_options_values_id: o.id,
      title: o.title,
      description: o.description,
      group: o.group,
      value_type: o.value_type,
      options: o.options,
      custom_value: own ? own.custom_value : o.default_custom_value,
      pass_through_value: own ? own.pass_through_value : o.default_pass_through_value,
    };
  });
}

/** A new company's starting settings: weekly pay periods from a Monday, time up to today, 15-minute steps. */
export async function seedDefaultSettings(tx: Tx, tenantUuid: string): Promise<void> {
  const values: [number, string, string | null][] = [
    [1, 'true', '1'],
    [15, '2024-01-01', null],
    [6, 'true', null],
    [8, 'true', null],
    [17, 'true', null],
    [43, 'true', '15'],
  ];
  await tx.insert(tenantSettings).values(
    values.map(([id, custom_value, pass_through_value]) => ({
      tenant_uuid: tenantUuid,
      codx_tenant_options_values_id: id,
      custom_value,
      pass_through_value,
    })),
  );
}

const MAX_SETTINGS_PER_CALL = 200;

tenantQuery(
  'listGlobalSettings',
  { area: 'settings', action: 'read' },
  {
    type: [GlobalSettingRef],
    description: "The company's settings; any member may read them (the snackbar needs setting 17).",
    resolve: (_args, { tx, member }) => loadGlobalSettings(tx, member.tenantUuid),
  },
);

tenantMutation(
  'updateTenantSettings',
  { area: 'settings', action: 'write' },
  {
    type: [GlobalSettingRef],
    description:
      'Sets some of the company settings in one transaction (admins only) and returns them all. Omitted values are kept; turning one minute increment (43-48) on turns the others off.',
    args: (arg) => ({ global_settings: arg({ type: [TenantSettingInput], required: true }) }),
    resolve: async (args, { tx, member }) => {
      const tenant = member.tenantUuid;
      const input = args.global_settings;
      if (input.length === 0) throw new AppError('VALIDATION', msg('settings.atLeastOne'));
      if (input.length > MAX_SETTINGS_PER_CALL) throw new AppError('VALIDATION', msg('settings.tooMany', { max: MAX_SETTINGS_PER_CALL }));
      const current = new Map((await loadGlobalSettings(tx, tenant)).map((s) => [s.codx_tenant_options_values_id, s]));
      const seen = new Set<number>();
      const next = input.map((s, index) => {
        const id = s.codx_tenant_options_values_id;
        const option = current.get(id);
        if (!option) throw new AppError('VALIDATION', msg('settings.unknown', { id }), { index, field: 'codx_tenant_options_values_id' });
        if (seen.has(id)) throw new AppError('VALIDATION', msg('settings.duplicate', { id }), { index });
        seen.add(id);
        const value = {
          custom_value: s.custom_value ?? option.custom_value,
          pass_through_value: s.pass_through_value ?? option.pass_through_value,
        };
        const problem = settingValueProblem({ id, value_type: option.value_type, options: option.options }, value);
        if (problem) throw new AppError('VALIDATION', prefixed(`Setting ${id} (${option.title}): `, fromText(problem)), { index });
        return { id, ...value };
      });
      // The time-card module takes the first increment that is on, so only one may be.
      const incrementsOn = next.filter((s) => MINUTE_INCREMENT_SETTINGS.includes(s.id) && isSettingOn(s));
      if (incrementsOn.length > 1) throw new AppError('VALIDATION', msg('settings.oneIncrement'));
      if (incrementsOn.length === 1) {
        for (const id of MINUTE_INCREMENT_SETTINGS) {
          const other = current.get(id);
          if (id === incrementsOn[0].id || seen.has(id) || !other || !isSettingOn(other)) continue;
          next.push({ id, custom_value: 'false', pass_through_value: other.pass_through_value });
        }
      }
      for (const s of next) {
        await tx
          .insert(tenantSettings)
          .values({
            tenant_uuid: tenant,
            codx_tenant_options_values_id: s.id,
            custom_value: s.custom_value,
            pass_through_value: s.pass_through_value,
          })
          .onConflictDoUpdate({
            target: [tenantSettings.tenant_uuid, tenantSettings.codx_tenant_options_values_id],
            set: { custom_value: sql`excluded.custom_value`, pass_through_value: sql`excluded.pass_through_value` },
          });
      }
      return loadGlobalSettings(tx, tenant);
    },
  },
);
