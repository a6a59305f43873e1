import { ACCOUNTING_MESSAGES, TIMECARD_SYSTEM_MESSAGES } from './accounting';
import { ANNOUNCEMENT_MESSAGES } from './announcements';
import { BILLING_MESSAGES } from './billing';
import { CHAT_MESSAGES } from './chatbot';
import { JOB_MESSAGES } from './jobs';
import { JOIN_MESSAGES } from './join';
import { formatMessage, type MessageValue, type Placeholders, placeholdersOf } from './message-format';
import { MOOD_MESSAGES } from './mood';
import { UNAUTH_MESSAGES } from './navigation';
import { NOTIFICATION_MESSAGES, NOTIFICATION_SETTINGS_MESSAGES } from './notifications';
import { ORDERING_MESSAGES } from './ordering';
import { TIMECARD_MESSAGES } from './pay-periods';
import { MESSAGES, PEOPLE_MESSAGES } from './people';
import { FILE_MESSAGES, PROFILE_MESSAGES } from './profile';
import { REPORT_MESSAGES } from './project-notes';
import { PUNCH_MESSAGES } from './punches';
import { RECEIPT_MESSAGES } from './receipts';
import { SCHEDULE_MESSAGES } from './scheduling';
import { TASK_MESSAGES } from './tasks';
import { TOOL_MESSAGES } from './tools';

export { formatMessage, type MessageValue, placeholdersOf } from './message-format';

/**
 * Issue 46: every message the server refuses with (and the module catalogues the web shows) has a stable dotted key,
 * `<namespace>.<name>`, and its English text here. The server sends the key and its values in a refusal's
 * `extensions.message_key` / `extensions.message_values`; the web's `errors` namespace has the same keys (English
 * identical to this catalogue, a test checks) and a Spanish version of each.
 *
 * The module catalogues keep their English where the modules and the spec need it; each becomes a namespace here.
 * Their plain strings are keys as they are; their functions (a message with values) are templates in TEMPLATES,
 * with `{{name}}` placeholders, under the same key (a test checks each renders as its function does).
 */
const CATALOGUES = {
  form: MESSAGES,
  people: PEOPLE_MESSAGES,
  jobs: JOB_MESSAGES,
  tasks: TASK_MESSAGES,
  chat: CHAT_MESSAGES,
  mood: MOOD_MESSAGES,
  unauth: UNAUTH_MESSAGES,
  schedule: SCHEDULE_MESSAGES,
  announcements: ANNOUNCEMENT_MESSAGES,
  accounting: ACCOUNTING_MESSAGES,
  timecardSystem: TIMECARD_SYSTEM_MESSAGES,
  billing: BILLING_MESSAGES,
  profile: PROFILE_MESSAGES,
  files: FILE_MESSAGES,
  tools: TOOL_MESSAGES,
  notifications: NOTIFICATION_MESSAGES,
  notificationSettings: NOTIFICATION_SETTINGS_MESSAGES,
  timecards: TIMECARD_MESSAGES,
  join: JOIN_MESSAGES,
  ordering: ORDERING_MESSAGES,
  reports: REPORT_MESSAGES,
  receipts: RECEIPT_MESSAGES,
  punches: PUNCH_MESSAGES,
} as const;

/**
 * The catalogue functions as templates, and the server's own refusals (no module catalogue holds them). A refusal's
 * location ('Record 2: ', 'field: ') is not part of its text: `atRecord` / `atField` add it to the English, and the
 * `index` / `field` extensions carry it.
 */
export const TEMPLATES = {
  // Anything without a message of its own: a wrapped library message, text from outside. Its words are the value.
  'common.text': '{{text}}',
  'common.unexpected': 'Unexpected error.',
  'common.signBackIn': 'Please sign back in.',
  'common.forbidden': 'You do not have permission to do that.',
  'common.notFound': 'Not found.',
  'common.required': 'Required.',
  'common.invalid': 'invalid',
  'common.invalidInput': 'Invalid input',
  'common.invalidFormat': 'Invalid format',
  'common.invalidDate': 'Enter a valid date.',
  'common.invalidDay': 'Enter a valid date (YYYY-MM-DD).',
  'common.todayDate': 'today must be a date (YYYY-MM-DD).',
  'common.outOfRange': 'A value is out of range.',
  'common.wrongFormat': 'A value has the wrong format.',
  'common.limitRange': 'limit must be between 1 and {{max}}.',
  'common.limitMustBe': 'must be between 1 and {{max}}.',
  'common.invalidNextToken': 'Invalid nextToken.',
  'common.nextTokenNotValid': 'nextToken is not valid.',
  'common.atLeastOneRecord': 'At least one record is required.',
  'common.tooManyRecords': 'Too many records: at most {{max}} in one call.',
  'common.atMostIds': 'At most {{max}} ids.',
  'common.nothingToUpdate': 'nothing to update.',
  'common.statusActive': 'status must be 0 (archived) or 1 (active).',
  'common.statusOnOff': 'status must be 1 (on) or 0 (off).',
  'common.statusZeroOne': 'status must be 0 or 1.',
  'common.mustBeZeroOne': 'must be 0 or 1.',
  'common.searchTooLong': 'Search is too long.',
  'common.personNotFound': 'Person not found.',
  'common.thatPersonNotFound': 'That person was not found.',
  'common.jobNotFound': 'Job not found.',
  'common.nulText': 'Text may not contain NUL characters (\\u0000).',
  'common.variablesDepth': 'Variables may nest at most {{max}} levels deep.',
  'common.alreadySaved': 'This change was already saved.',
  'common.otherContent': 'This change was already sent with different content.',
  'common.deviceHeader': '{{header}} must be a UUID.',
  'common.singleOperation': 'A queued change must be a single operation.',
  'common.chooseRecord': 'choose one of the company’s records.',
  'record.notFound': 'Record {{n}} not found.',
  'record.exists': 'a record with the same values already exists.',
  'record.missingReference': 'refers to a record that does not exist.',
  'record.missingField': 'a required field is missing.',
  'record.outOfRange': 'a value is out of range.',
  'record.wrongFormat': 'a value has the wrong format.',
  'form.max': 'You must enter a maximum of {{max}} characters',
  'people.groupNotFound': 'Group not found.',
  'people.usernameMismatch': 'username does not match this person.',
  'people.unknownPermission': 'Unknown permission: {{names}}.',
  'people.unknownPerson': 'Unknown person: {{names}}.',
  'people.unknownGroup': 'Unknown group: {{names}}.',
  'schedule.blocked': 'Not available that day: {{eventType}}.',
  'schedule.partial': 'Schedule partially updated with errors: {{errors}}',
  'schedule.updated': 'Schedule updated: {{added}} added, {{removed}} removed.',
  'schedule.boardRange': 'Choose a range of 1 to {{max}} days.',
  'tools.overlap': '{{tool}} is already reserved from {{start}} to {{end}}.',
  'tools.overlapFor': '{{tool}} is already reserved from {{start}} to {{end}} for {{holder}}.',
  'tools.containerNotFound': 'Container not found.',
  'tools.atLeastOne': 'At least one tool is required.',
  'tools.tooMany': 'Too many tools: at most {{max}} in one call.',
  'tools.reservationNotFound': 'Reservation not found.',
  'tools.tooManyLabels': 'Too many labels: at most {{max}} in one sheet.',
  'timecards.increment': 'Hours must be in steps of {{minutes}} minutes.',
  'timecards.unknownUsage': 'Unknown usage: {{usage}}',
  'timecards.tooManyJobs': 'Too many jobs.',
  'timecards.endBeforeStart': 'end_date cannot be before start_date.',
  'timecards.windowMax': 'A window is at most {{max}} days.',
  'ordering.itemsAdded': '{{count}} items added.',
  'ordering.duplicateItems': 'Duplicate items detected: {{names}}',
  'ordering.duplicateInBatch': 'Duplicate items within batch: {{names}}',
  'ordering.invalidEmail': 'Invalid email address: {{address}}',
  'ordering.insuranceLapsed': "{{vendor}}'s insurance expired on {{date}}.",
  'ordering.itemFailed': 'Failed to {{action}} item.',
  'ordering.atLeastOneOrder': 'At least one order is required.',
  'ordering.tooManyOrders': 'Too many orders: at most {{max}} in one call.',
  'ordering.orderNotFound': 'Order not found.',
  'ordering.attachmentsMissing': 'One or more attached files cannot be found.',
  'ordering.tooManyAttachments': 'At most {{max}} attachments.',
  'reports.invalidEmail': 'Invalid email address: {{address}}',
  'reports.notFound': 'Daily report not found.',
  'reports.photosMissing': 'One or more photos cannot be found.',
  'reports.giveBetween': 'Give between 1 and {{max}} reports.',
  'reports.giveIdOrJobDay': 'Give an id, or a job and a day.',
  'tasks.scope': 'scope must be mine, jobs or all.',
  'tasks.giveThreadOrIds': 'Give task_thread_uuid or tasks_ids.',
  'tasks.tooManyTasks': 'At most {{max}} tasks in one call.',
  'tasks.notFound': 'Task not found.',
  'tasks.attachPhoto': 'Attach at least one photo.',
  'tasks.templateNotFound': 'Checklist template not found.',
  'issues.unknownFile': 'unknown file {{files}}',
  'mood.checkinsRange': 'Between 1 and 31 check-ins.',
  'mood.by': 'by: day, job or department.',
  'mood.rangeYear': 'Choose a range of at most a year.',
  'files.tooManyOnRecord': 'A record can hold at most {{max}} files.',
  'files.couldNotAttach': 'One or more files could not be attached. Please upload them again.',
  'files.addByUpload': 'Files are added by uploading them.',
  'files.controlCharacters': 'A file name cannot contain control characters.',
  'files.quotaFull':
    'This file would take your company past its {{quota}} of file storage, so it was not saved. Please contact support for more room.',
  'files.largerThan': 'The file is larger than {{mb}} MB.',
  'files.unreadablePicture': 'This picture could not be read. Please try another file.',
  'notifications.giveIdsOrAll': 'Give ids or all: true.',
  'notifications.endpointUrl': 'endpoint must be a URL.',
  'notifications.invalidSubscription': 'Invalid push subscription.',
  'notifications.notPushService': "This is not a push service's address.",
  'receipts.atLeastOne': 'At least one receipt is required.',
  'receipts.tooMany': 'Too many receipts: at most {{max}} in one call.',
  'receipts.notFound': 'Receipt not found.',
  'receipts.missingJob': 'Choose a job for each line.',
  'settings.atLeastOne': 'At least one setting is required.',
  'settings.tooMany': 'Too many settings: at most {{max}} in one call.',
  'settings.unknown': 'Setting {{id}} does not exist.',
  'settings.duplicate': 'Setting {{id}} is listed more than once.',
  'settings.oneIncrement': 'Only one minute increment can be on.',
  'tenants.tooManyCompanies': 'You have started too many companies today. Please try again tomorrow.',
  'tenants.notYourEmail': 'This is not the e-mail address you sign in with.',
  'announcements.onePinned': 'Only one announcement can be pinned.',
  'announcements.notFound': 'Announcement not found.',
  'join.linkNotFound': 'Join link not found.',
  'join.noLongerWaiting': 'This person is no longer waiting for approval.',
} as const;

type Catalogues = typeof CATALOGUES;
type StringEntries<C> = { [K in keyof C & string]: C[K] extends string ? K : never }[keyof C & string];
type CatalogueKey = { [NS in keyof Catalogues & string]: `${NS}.${StringEntries<Catalogues[NS]>}` }[keyof Catalogues & string];
type TemplateKey = keyof typeof TEMPLATES;

/** Every message's key. */
export type MessageKey = CatalogueKey | TemplateKey;

/** The values a key's template names (none for a plain message). */
export type MessageValues<K extends MessageKey> = K extends TemplateKey
  ? { readonly [P in Placeholders<(typeof TEMPLATES)[K]>]: MessageValue }
  : Record<string, never>;
type ValuesArgs<K extends MessageKey> = K extends TemplateKey
  ? [Placeholders<(typeof TEMPLATES)[K]>] extends [never]
    ? []
    : [values: MessageValues<K>]
  : [];

/** One message as a refusal carries it: its key, its values, and its English (with any location in front). */
export interface Message {
  readonly key: MessageKey;
  readonly values: Readonly<Record<string, MessageValue>>;
  readonly text: string;
}

function flatten(): Record<MessageKey, string> {
  const all: Record<string, string> = {};
  for (const [ns, catalogue] of Object.entries(CATALOGUES)) {
    for (const [name, text] of Object.entries(catalogue)) if (typeof text === 'string') all[`${ns}.${name}`] = text;
  }
  for (const [key, text] of Object.entries(TEMPLATES)) {
    if (key in all) throw new Error(`message key ${key} is defined twice`);
    all[key] = text;
  }
  return all as Record<MessageKey, string>;
}

/** Every key's English template: the web's errors.en.json is exactly this (nested by the dots). */
export const ERROR_MESSAGES: Readonly<Record<MessageKey, string>> = flatten();

/** Which catalogue functions have a template (for the catalogue test). */
export const CATALOGUE_FUNCTIONS: readonly string[] = Object.entries(CATALOGUES).flatMap(([ns, catalogue]) =>
  Object.entries(catalogue).flatMap(([name, value]) => (typeof value === 'function' ? [`${ns}.${name}`] : [])),
);

export const isMessageKey = (key: unknown): key is MessageKey => typeof key === 'string' && Object.hasOwn(ERROR_MESSAGES, key);

/** The message `key` with its values: `msg('tools.container')`, `msg('common.limitRange', { max: 200 })`. */
export function msg<K extends MessageKey>(key: K, ...[values]: ValuesArgs<K>): Message {
  const v = (values ?? {}) as Record<string, MessageValue>;
  return { key, values: v, text: formatMessage(ERROR_MESSAGES[key], v) };
}

/** Words with no message of their own (a library's, an outside service's): the generic key, the words its value. */
export const freeText = (text: string): Message => ({ key: 'common.text', values: { text }, text });

/** The message with words in front of its English (its key and values unchanged). */
export const prefixed = (prefix: string, m: Message): Message => ({ ...m, text: `${prefix}${m.text}` });

/** 'field: …', as refusals name the field they are about. */
export const atField = (field: string | undefined, m: Message): Message => (field ? prefixed(`${field}: `, m) : m);

/** 'Record 3: …' for record `index` (0-based) of a batch. */
export const atRecord = (index: number, m: Message): Message => prefixed(`Record ${index + 1}: `, m);

// ---- Words that arrive as text (a zod issue, a rule that answers with its catalogue's string) ----

interface Matcher {
  key: MessageKey;
  names: string[];
  pattern: RegExp;
  weight: number;
}
let exact: Map<string, MessageKey> | null = null;
let matchers: Matcher[] = [];

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function index() {
  if (exact) return exact;
  exact = new Map();
  // The shared words first: 'Required.' is common.required wherever it came from.
  const shared = (key: string) => (key.startsWith('common.') || key.startsWith('form.') ? 0 : 1);
  const entries = (Object.entries(ERROR_MESSAGES) as [MessageKey, string][]).sort(([a], [b]) => shared(a) - shared(b));
  for (const [key, template] of entries) {
    const names = placeholdersOf(template);
    if (!names.length) {
      if (!exact.has(template)) exact.set(template, key);
      continue;
    }
    if (key === 'common.text') continue;
    const parts = template.split(/\{\{\s*\w+\s*\}\}/);
    matchers.push({ key, names, pattern: new RegExp(`^${parts.map(escapeRegExp).join('(.+?)')}$`, 's'), weight: parts.join('').length });
  }
  // The most specific template first ('… for {{holder}}.' before '… {{end}}.').
  matchers = matchers.sort((a, b) => b.weight - a.weight);
  return exact;
}

function lookup(text: string): Message | null {
  const key = index().get(text);
  if (key) return { key, values: {}, text };
  for (const m of matchers) {
    const found = m.pattern.exec(text);
    if (!found) continue;
    const values: Record<string, MessageValue> = {};
    m.names.forEach((name, i) => {
      const raw = found[i + 1] as string;
      values[name] = /^\d+$/.test(raw) ? Number(raw) : raw;
    });
    return { key: m.key, values, text };
  }
  return null;
}

/**
 * The message behind words that reached us as text — a zod issue (zod keeps only the words the shared rules gave
 * it), a core rule that answers with its catalogue's string — found in the catalogue itself, with any 'Record N: '
 * or 'field: ' in front read as the location. Words the catalogue does not know get the generic key.
 */
export function fromText(text: string): Message {
  const whole = lookup(text);
  if (whole) return whole;
  const located = /^(?:Record \d+: )?(?:[\w.]+: )?(.+)$/s.exec(text)?.[1];
  const inner = located && located !== text ? lookup(located) : null;
  return inner ? { ...inner, text } : freeText(text);
}
