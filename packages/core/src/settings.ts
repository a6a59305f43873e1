/**
 * Company settings (spec §3 "Tenant settings", §5, §9): the option ids, their value types, and the rule a
 * value must follow. The option catalogue itself is product data in the database (listGlobalSettings);
 * this is what both sides need to read and check values.
 */
import { TIMECARD_SETTINGS } from './pay-periods.js';

export const SETTING_VALUE_TYPES = ['boolean', 'date', 'number', 'select'] as const;
export type SettingValueType = (typeof SETTING_VALUE_TYPES)[number];

export const SETTINGS = {
  ...TIMECARD_SETTINGS,
} as const;

/** Spec §9: the snackbar shows unless a company turns setting 17 off. */
export const SNACKBAR_SETTING = TIMECARD_SETTINGS.snackbar;

/** The minute increment options (43-48): at most one is on at a time. */
export const MINUTE_INCREMENT_SETTINGS: readonly number[] = TIMECARD_SETTINGS.minuteIncrements;

export const SETTING_MAX_LENGTH = 255;

export type SettingOption = { id: number; value_type: SettingValueType | string; options?: readonly string[] | null };
export type SettingValue = { custom_value: string | null; pass_through_value: string | null };

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar date written YYYY-MM-DD. */
export function isIsoDate(value: string): boolean {
  const m = ISO_DATE.exec(value);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.getUTCFullYear() === Number(m[1]) && d.getUTCMonth() === Number(m[2]) - 1 && d.getUTCDate() === Number(m[3]);
}

export const isSettingOn = (value: Pick<SettingValue, 'custom_value'> | undefined | null) => value?.custom_value === 'true';

/**
 * Why a value does not fit its option, in words for the person who typed it, or null when it fits.
 * boolean: custom_value 'true'/'false', no pass-through. date: custom_value a YYYY-MM-DD date.
 * number: custom_value 'true'/'false' and pass-through whole minutes 1 to 60. select: custom_value
 * 'true'/'false' and pass-through one of the option's choices.
 */
export function settingValueProblem(option: SettingOption, value: SettingValue): string | null {
  const { custom_value: custom, pass_through_value: pass } = value;
  if ((custom?.length ?? 0) > SETTING_MAX_LENGTH || (pass?.length ?? 0) > SETTING_MAX_LENGTH) {
    return `You must enter a maximum of ${SETTING_MAX_LENGTH} characters`;
  }
  const onOff = custom === 'true' || custom === 'false';
  switch (option.value_type) {
    case 'boolean':
      if (!onOff) return "custom_value must be 'true' or 'false'.";
      if (pass != null && pass !== '') return 'This setting takes no pass_through_value.';
      return null;
    case 'date':
      if (!custom || !isIsoDate(custom)) return 'custom_value must be a date (YYYY-MM-DD).';
      if (pass != null && pass !== '') return 'This setting takes no pass_through_value.';
      return null;
    case 'number': {
      if (!onOff) return "custom_value must be 'true' or 'false'.";
      const n = Number(pass);
      if (!pass || !/^\d+$/.test(pass) || n < 1 || n > 60) return 'pass_through_value must be a whole number of minutes from 1 to 60.';
      return null;
    }
    case 'select':
      if (!onOff) return "custom_value must be 'true' or 'false'.";
      if (!pass || !(option.options ?? []).includes(pass)) {
        return `pass_through_value must be one of ${(option.options ?? []).join(', ')}.`;
      }
      return null;
    default:
      return 'This setting cannot be changed.';
  }
}
