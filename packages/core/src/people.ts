import { z } from 'zod';

/** Spec §5 generic form messages, verbatim. */
export const MESSAGES = {
  required: 'This field is required',
  email: 'Please enter a valid email',
  max: (n: number) => `You must enter a maximum of ${n} characters`,
} as const;

const text = (max: number) => z.string().max(max, MESSAGES.max(max));
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Invalid format');

export const APP_THEMES = ['light', 'dark'] as const;

/** Field rules for an employee record; every field optional so the same schema checks a partial update. */
export const employeeFields = z
  .object({
    username: text(256).nullable(),
    firstname: text(100).nullable(),
    lastname: text(100).nullable(),
    email: z.email(MESSAGES.email).max(256).nullable(),
    private_email: z.email(MESSAGES.email).max(256).nullable(),
    cellphone: text(32).nullable(),
    street: text(200).nullable(),
    street2: text(200).nullable(),
    city: text(100).nullable(),
    state: text(50).nullable(),
    zip: text(20).nullable(),
    birthdate: isoDate.nullable(),
    hiredate: isoDate.nullable(),
    trades: text(4000).nullable(),
    skills: text(4000).nullable(),
    app_theme: z.enum(APP_THEMES).nullable(),
    status: z.union([z.literal(0), z.literal(1)]),
  })
  .partial()
  .loose();

/** Departments, divisions and other named lists: a non-blank name and an active/archived status. */
export const namedRecord = (field: string) =>
  z
    .object({
      [field]: z.string().trim().min(1, MESSAGES.required).max(200, MESSAGES.max(200)),
      status: z.union([z.literal(0), z.literal(1)]),
    })
    .partial()
    .loose();

export const costcodeFields = z
  .object({
    costcode: z.string().trim().min(1, MESSAGES.required).max(50, MESSAGES.max(50)),
    description: text(500).nullable(),
    status: z.union([z.literal(0), z.literal(1)]),
  })
  .partial()
  .loose();
