import { z } from 'zod';
import { isEmail, isPhone, normalizePhone, PHONE_FORMAT_MESSAGE } from './identity.js';
import { APP_THEMES, MESSAGES } from './people.js';

/** Spec §3: the fields a person may change on their own Employee record. */
export const PROFILE_FIELDS = [
  'firstname',
  'lastname',
  'cellphone',
  'street',
  'street2',
  'city',
  'state',
  'zip',
  'birthdate',
  'trades',
  'app_theme',
  'email',
] as const;
export type ProfileField = (typeof PROFILE_FIELDS)[number];

/** Spec §8 snackbar messages of the profile and issue dialogs, verbatim. */
export const PROFILE_MESSAGES = {
  updated: 'User information updated successfully.',
  updateFailed: 'There was a problem updating user information.',
  fetchFailed: 'There was a problem fetching database user information.',
  themeSaveFailed: 'Unable to save theme preference, please try again later.',
  issueSubmitted: 'Issue submitted successfully.',
  issueFailed: 'There was a problem submitting your issue.',
} as const;

export const TRADES_MAX = 50;
export const TRADE_MAX_LENGTH = 100;

const text = (max: number) => z.string().trim().max(max, MESSAGES.max(max));

/** A calendar date (YYYY-MM-DD) that exists, between 1900-01-01 and today. */
export function isBirthdate(value: string, today = new Date()): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== value) return false;
  const todayIso = today.toISOString().slice(0, 10);
  return value >= '1900-01-01' && value <= todayIso;
}

/** trades travels as a JSON string holding a list of names (spec §3); an empty list is allowed. */
export function parseTrades(value: string): string[] | null {
  try {
    const parsed: unknown = JSON.parse(value);
    if (!Array.isArray(parsed) || parsed.length > TRADES_MAX) return null;
    if (!parsed.every((t) => typeof t === 'string' && t.trim() !== '' && t.length <= TRADE_MAX_LENGTH)) return null;
    return parsed as string[];
  } catch {
    return null;
  }
}

/**
 * The profile update of `updateEmployeeUserInfo`. Every field optional: only the non-empty ones are sent
 * and applied (spec §8 "Profile update"). The phone number is stored in E.164.
 */
export const profileUpdateSchema = z
  .object({
    firstname: text(100),
    lastname: text(100),
    cellphone: z
      .string()
      .trim()
      .refine((v) => isPhone(v) && normalizePhone(v) !== null, PHONE_FORMAT_MESSAGE)
      .transform((v) => normalizePhone(v) as string),
    street: text(200),
    street2: text(200),
    city: text(100),
    state: text(50),
    zip: z
      .string()
      .trim()
      .max(20, MESSAGES.max(20))
      .regex(/^[A-Za-z0-9 -]*$/, 'Invalid format'),
    birthdate: z
      .string()
      .trim()
      .refine((v) => isBirthdate(v), 'Invalid date'),
    trades: z
      .string()
      .refine((v) => parseTrades(v) !== null, `Trades must be a list of at most ${TRADES_MAX} names`)
      .transform((v) => JSON.stringify(parseTrades(v))),
    app_theme: z.enum(APP_THEMES),
    email: z
      .string()
      .trim()
      .max(256, MESSAGES.max(256))
      .refine((v) => isEmail(v), MESSAGES.email)
      .transform((v) => v.toLowerCase()),
  })
  .partial()
  .strict();
export type ProfileUpdate = z.infer<typeof profileUpdateSchema>;

/** Drops empty values (null, undefined, blank strings): they mean "unchanged", not "clear" (spec §8). */
export function nonEmptyProfileFields(input: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(input)) {
    if (typeof value === 'string' && value.trim() !== '') out[key] = value;
  }
  return out;
}

// ---- Issue submission and uploaded files -------------------------------------------------------------

export const ISSUE_SUBJECT_MAX = 200;
export const ISSUE_DESCRIPTION_MAX = 10_000;
export const ISSUE_ATTACHMENTS_MAX = 10;

export const issueSchema = z.object({
  user_name: z.string().trim().min(1, MESSAGES.required).max(200, MESSAGES.max(200)),
  user_email: z
    .string()
    .trim()
    .max(256, MESSAGES.max(256))
    .refine((v) => isEmail(v), MESSAGES.email),
  subject: z.string().trim().min(1, MESSAGES.required).max(ISSUE_SUBJECT_MAX, MESSAGES.max(ISSUE_SUBJECT_MAX)),
  description: z.string().trim().min(1, MESSAGES.required).max(ISSUE_DESCRIPTION_MAX, MESSAGES.max(ISSUE_DESCRIPTION_MAX)),
  attached_files: z
    .array(z.string().min(1).max(200))
    .max(ISSUE_ATTACHMENTS_MAX, `At most ${ISSUE_ATTACHMENTS_MAX} attachments`)
    .default([]),
});

/** POST /api/files: the limit and the types people may upload (extension → the mimetype stored). */
export const FILE_MAX_BYTES = 20 * 1024 * 1024;
export const FILE_TYPES: Readonly<Record<string, string>> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  heic: 'image/heic',
  pdf: 'application/pdf',
  txt: 'text/plain',
  csv: 'text/csv',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  mp4: 'video/mp4',
  mov: 'video/quicktime',
};
export const FILE_ACCEPT = Object.keys(FILE_TYPES)
  .map((ext) => `.${ext}`)
  .join(',');
export const FILE_MESSAGES = {
  tooLarge: 'The file is larger than 20 MB.',
  badType: 'This type of file cannot be uploaded.',
  missing: 'No file was sent.',
} as const;

/** Whether `name` holds a control character (C0 U+0000–U+001F, DEL U+007F, C1 U+0080–U+009F): never in a file's name. */
export function hasControlCharacter(name: string): boolean {
  for (const ch of name) {
    const c = ch.codePointAt(0) ?? 0;
    if (c < 0x20 || (c >= 0x7f && c <= 0x9f)) return true;
  }
  return false;
}

/** The lowercased extension of a file name, or '' when it has none. */
export function fileExtension(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 && dot < name.length - 1 ? name.slice(dot + 1).toLowerCase() : '';
}
