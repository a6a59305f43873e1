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

/** employees.cognito_status values the people module writes (spec §4: invitation, removal). */
export const COGNITO_STATUS = {
  invited: 'FORCE_CHANGE_PASSWORD',
  confirmed: 'CONFIRMED',
  deleted: 'Deleted',
} as const;

/** Server answers of the people and user-group operations, shared so the web shows the same words. */
export const PEOPLE_MESSAGES = {
  groupChanged: 'This group was changed by someone else. Reload and try again.',
  groupNameTaken: 'A group with this name already exists.',
  lastAdmin: 'The last admin cannot be removed.',
  emailLinkedElsewhere: 'This e-mail address is already linked to another person in this company.',
  alreadySignedIn: 'This person already has a sign-in with another address. Remove them from the company first.',
  removeSelf: 'You cannot remove yourself from the company.',
  archived: 'This person is archived. Unarchive them first.',
} as const;

export const USERGROUP_NAME_MAX = 100;

/** A group name: required, trimmed, at most USERGROUP_NAME_MAX characters. */
export const userGroupName = z.string().trim().min(1, MESSAGES.required).max(USERGROUP_NAME_MAX, MESSAGES.max(USERGROUP_NAME_MAX));

/** The address an invitation goes to, lowercased (sign-in compares addresses that way). */
export const inviteEmail = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.email(MESSAGES.email).max(256, MESSAGES.max(256)));

/**
 * What a person's record shows to readers who are not people admins (people_basic, projects_basic, a
 * job's team): the directory's names, work contact, trades and status. Private fields (birthdate, private
 * e-mail, address, PTO, accounting numbers, the sign-in link) stay with people admins.
 */
export const DIRECTORY_FIELDS = [
  'tenant_uuid',
  'id',
  'uuid',
  'username',
  'firstname',
  'lastname',
  'email',
  'cellphone',
  'trades',
  'skills',
  'status',
  'logged_in',
  'is_admin',
  'created_on',
  'updated_on',
] as const;
