import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Every text the server writes for a person (notifications, push, e-mails, texts, PDFs), in English and Spanish
 * (issue 46). A person reads them in their saved language (`user.language`, set from the profile); dates, times and
 * money are formatted with Intl for it. Errors a GraphQL operation answers with are not here (graphql/errors.ts).
 *
 * A template's `{{name}}` is filled from its values: a string as is, a number, a `{ date: 'YYYY-MM-DD' }`, a
 * `{ time: ISO instant }` or a `{ cents }` amount formatted for the language. Counted texts come in `_one` and
 * `_other` forms (i18next's names), chosen by Intl.PluralRules. texts.test.ts fails when a key lacks a language or
 * the two languages' variables differ.
 *
 * Mail, texts and notifications accept only what this module makes (`Rendered`, `TextRef`): a raw string does not
 * typecheck there. What a person wrote themselves (an announcement, a sendEmail message) passes with `authored`.
 */

export const LANGUAGES = ['en', 'es'] as const;
export type Language = (typeof LANGUAGES)[number];
export const isLanguage = (value: unknown): value is Language => value === 'en' || value === 'es';

const en = {
  // --- Notifications: the inbox title and the push text ---
  'notification.reservation_due': 'Your reservation of {{tool}} starts today.',
  'notification.reservation_overdue': '{{tool}} is overdue: it was due back on {{date}}.',
  'notification.task_due': 'Due tomorrow: {{task}}',
  'notification.task_assigned': '{{task}}',
  'notification.task_comment': '{{task}}',
  'notification.timecard_to_sign': 'Sign your time card for {{start}} to {{end}}.',
  'notification.announcement': '{{title}}',
  'notification.schedule_changed_day': 'Schedule changed: {{date}}',
  'notification.schedule_changed_days': 'Schedule changed: {{from}} to {{to}}',
  'notification.injury_reported': '{{name}} reported being hurt at work',
  'notification.order_acknowledged': '{{po}}',
  'notification.order_acknowledged_vendor': '{{po}} · {{vendor}}',
  'notification.missed_clock_out_self': 'You did not clock out: on the clock on {{job}} since {{since}}.',
  'notification.missed_clock_out_crew': '{{name}} did not clock out: on the clock on {{job}} since {{since}}.',
  'push.summary_one': '1 new notification',
  'push.summary_other': '{{count}} new notifications',
  'digest.subject_one': 'You have 1 unread notification',
  'digest.subject_other': 'You have {{count}} unread notifications',
  'digest.line': '- {{title}}\n  {{url}}',
  'digest.line_count': '- {{title}} ({{count}})\n  {{url}}',
  'digest.all': 'All notifications: {{url}}',
  'digest.html': '<ul>{{items}}</ul><p><a href="{{url}}">All notifications</a></p>',
  'digest.html_item': '<li><a href="{{url}}">{{title}}</a></li>',
  'digest.html_item_count': '<li><a href="{{url}}">{{title}} ({{count}})</a></li>',

  // --- Signatures and layout shared by e-mails ---
  'mail.signature': '{{sender}}, {{company}}',
  'mail.sms': '{{subject}}: {{text}}',

  // --- Purchase orders: the PDF and its e-mail ---
  'po.title': 'Purchase order {{po}}',
  'po.vendor': 'Vendor',
  'po.job': 'Job',
  'po.deliver_to': 'Deliver to',
  'po.order_date': 'Order date',
  'po.deliver_by': 'Deliver by',
  'po.item': 'Item',
  'po.costcode': 'Cost code',
  'po.quantity': 'Qty',
  'po.unit': 'Unit',
  'po.unit_cost': 'Unit cost',
  'po.total': 'Total',
  'po.notes': 'Notes',
  'po.acknowledge': 'Please acknowledge this order:',
  'po.mail_subject': '{{company}}: purchase order {{po}}',
  'po.mail_intro': '{{company}} purchase order {{po}}.',
  'po.mail_intro_job': '{{company}} purchase order {{po}} for {{job}}.',
  'po.mail_dates': 'Order date: {{date}}.',
  'po.mail_dates_deliver': 'Order date: {{date}}; deliver by {{deliver}}.',
  'po.mail_lines_one': '1 line, total {{total}}. The PO is attached as a PDF.',
  'po.mail_lines_other': '{{count}} lines, total {{total}}. The PO is attached as a PDF.',
  'po.mail_ack': 'Please acknowledge the order here: {{link}}',
  'mail.boilerplate': 'Sent by {{sender}} of {{company}} with Groundwork. Reply to this e-mail to answer them.',
  'mail.boilerplate_member': 'a member',

  // --- Daily reports: the PDF and its e-mail ---
  'daily.title': 'Daily report',
  'daily.lead': '{{job}}, {{date}}',
  'daily.lead_revised': '{{job}}, {{date}} (revised)',
  'daily.by': 'By {{name}}',
  'daily.by_weather': 'By {{name}} · Weather: {{weather}}',
  'daily.manpower': 'Manpower ({{hours}})',
  'daily.hours': '{{hours}} h',
  'daily.person': 'Person',
  'daily.hours_column': 'Hours',
  'daily.costcodes': 'Cost codes',
  'daily.work_performed': 'Work performed',
  'daily.equipment': 'Equipment and tools on site',
  'daily.deliveries': 'Deliveries',
  'daily.delays': 'Delays',
  'daily.safety': 'Safety observations',
  'daily.notes': 'Notes',
  'daily.photos': 'Photos',
  'daily.mail_subject': '{{company}}: daily report {{job}}, {{date}}',
  'daily.mail_subject_revised': '{{company}}: daily report {{job}}, {{date}} (revised)',
  'daily.mail_intro': 'Daily report for {{job}} on {{date}}.',
  'daily.mail_intro_revised': 'Daily report for {{job}} on {{date}} (revised).',
  'daily.mail_crew_one': 'Crew: 1 person, {{hours}}.',
  'daily.mail_crew_other': 'Crew: {{count}} people, {{hours}}.',
  'daily.mail_attached': 'The report is attached as a PDF, with the full-size photos.',
  'daily.file_name': 'Daily report {{day}}.pdf',

  // --- Report exports (PDF) ---
  'reports.title.labor_budget': 'Labor budget vs actual',
  'reports.title.hours': 'Hours by person, job and week',
  'reports.title.timecard_status': 'Time card status',
  'reports.title.spend': 'Spend vs material budget',
  'reports.title.schedule': 'Crew schedule vs actual',
  'reports.title.tools': 'Tool utilisation and overdue reservations',
  'reports.job': 'Job',
  'reports.costcode': 'Cost code',
  'reports.budgeted_hours': 'Budgeted hours',
  'reports.actual_hours': 'Actual hours',
  'reports.percent_used': '% used',
  'reports.forecast': 'Forecast',
  'reports.person': 'Person',
  'reports.week_of': 'Week of',
  'reports.hours': 'Hours',
  'reports.regular': 'Regular',
  'reports.overtime': 'Overtime',
  'reports.status': 'Status',
  'reports.days_booked': 'Days with time',
  'reports.missing_days': 'Missing days',
  'reports.material_budget': 'Material budget',
  'reports.receipts': 'Receipts',
  'reports.orders': 'Orders',
  'reports.spent': 'Spent',
  'reports.day': 'Day',
  'reports.planned': 'Planned',
  'reports.punched': 'Punched',
  'reports.no_show': 'No time',
  'reports.unplanned': 'Not planned',
  'reports.tool': 'Tool',
  'reports.container': 'Container',
  'reports.reservations': 'Reservations',
  'reports.reserved_days': 'Days reserved',
  'reports.utilisation': 'Utilisation',
  'reports.overdue': 'Overdue',
  'reports.overdue_since': 'Overdue since',
  'reports.status_signed': 'Signed',
  'reports.status_unsigned': 'Unsigned',
  'reports.status_none': 'No time card',
  'reports.percent': '{{value}} %',
  'reports.range': '{{from}} – {{to}}',
  'reports.all_dates': 'All dates',
  'reports.pay_period': 'Pay period {{from}} – {{to}}',
  'reports.forecast_as_of': 'Forecast as of {{date}}',
  'reports.truncated': 'First rows only: filter to see the rest.',
  'reports.no_rows': 'No rows.',

  // --- PDFs: the footer, tool labels, join posters ---
  'pdf.footer': 'Page {{page}} of {{pages}} · Groundwork',
  'labels.title': 'Tool labels',
  'poster.title': 'Join our crew',
  'poster.lead': "Scan the code with your phone's camera to sign up with {{company}}.",
  'poster.step1': 'Scan the code, or type the link below.',
  'poster.step2': 'Create your account with your e-mail or phone number, or sign in if you have one.',
  'poster.step3': 'An admin approves you, and you are in.',
  'poster.or': 'Or open this link:',

  // --- Joining a company and invitations ---
  'join.approved_subject': 'You can now sign in to {{company}}',
  'join.approved_text': 'You were approved to join {{company}} on Groundwork. Sign in and choose {{company}}: {{link}}',
  'people.added_subject': 'You were added to {{company}} on Groundwork',
  'people.added_text_temporary':
    'You now have access to {{company}} on Groundwork. Sign in as {{email}} with the temporary password from your first invitation and choose {{company}} from your companies.',
  'people.added_text_usual':
    'You now have access to {{company}} on Groundwork. Sign in as {{email}} with your usual password and choose {{company}} from your companies.',

  // --- Identity: codes and notices about the account ---
  'identity.code_subject': 'Your Groundwork verification code',
  'identity.code_text': 'Your Groundwork verification code is {{code}}. It expires in 10 minutes.',
  'identity.invited_subject': 'You are invited to Groundwork',
  'identity.invited_text': 'Sign in to Groundwork as {{username}} with the temporary password {{password}} and choose your own password.',
  'identity.address_email': 'this e-mail address',
  'identity.address_phone': 'this phone number',
  'identity.attribute_taken_subject': 'Someone tried to use your address on Groundwork',
  'identity.attribute_taken_text':
    'Someone signed in to another Groundwork account asked to sign in with {{address}}, which your account uses. Nothing was changed. If you did not expect this, you can ignore this message.',
  'identity.email_changed_subject': 'Your Groundwork sign-in e-mail was changed',
  'identity.email_changed_text':
    "The e-mail you sign in to Groundwork with was changed to {{email}}. If you did not do this, reset your password and contact your company's administrator.",
  'identity.sign_up_taken_subject': 'Someone tried to sign up with your address',
  'identity.sign_up_taken_text':
    'Someone tried to create a Groundwork account with {{address}}, which already has one. If it was you, sign in, or reset your password if you do not remember it. If it was not you, you can ignore this message: nothing was changed.',

  // --- Support (read by the operator) ---
  'issue.subject': 'Issue: {{subject}}',
} as const;

export type TextKey = keyof typeof en;

const es: Record<TextKey, string> = {
  'notification.reservation_due': 'Tu reserva de {{tool}} empieza hoy.',
  'notification.reservation_overdue': '{{tool}} está vencida: debía devolverse el {{date}}.',
  'notification.task_due': 'Vence mañana: {{task}}',
  'notification.task_assigned': '{{task}}',
  'notification.task_comment': '{{task}}',
  'notification.timecard_to_sign': 'Firma tu tarjeta de tiempo del {{start}} al {{end}}.',
  'notification.announcement': '{{title}}',
  'notification.schedule_changed_day': 'Programación cambiada: {{date}}',
  'notification.schedule_changed_days': 'Programación cambiada: del {{from}} al {{to}}',
  'notification.injury_reported': '{{name}} informó que se lastimó en el trabajo',
  'notification.order_acknowledged': '{{po}}',
  'notification.order_acknowledged_vendor': '{{po}} · {{vendor}}',
  'notification.missed_clock_out_self': 'No marcaste la salida: en el reloj en {{job}} desde el {{since}}.',
  'notification.missed_clock_out_crew': '{{name}} no marcó la salida: en el reloj en {{job}} desde el {{since}}.',
  'push.summary_one': '1 notificación nueva',
  'push.summary_other': '{{count}} notificaciones nuevas',
  'digest.subject_one': 'Tienes 1 notificación sin leer',
  'digest.subject_other': 'Tienes {{count}} notificaciones sin leer',
  'digest.line': '- {{title}}\n  {{url}}',
  'digest.line_count': '- {{title}} ({{count}})\n  {{url}}',
  'digest.all': 'Todas las notificaciones: {{url}}',
  'digest.html': '<ul>{{items}}</ul><p><a href="{{url}}">Todas las notificaciones</a></p>',
  'digest.html_item': '<li><a href="{{url}}">{{title}}</a></li>',
  'digest.html_item_count': '<li><a href="{{url}}">{{title}} ({{count}})</a></li>',

  'mail.signature': '{{sender}}, {{company}}',
  'mail.sms': '{{subject}}: {{text}}',

  'po.title': 'Orden de compra {{po}}',
  'po.vendor': 'Proveedor',
  'po.job': 'Obra',
  'po.deliver_to': 'Entregar en',
  'po.order_date': 'Fecha de la orden',
  'po.deliver_by': 'Entregar a más tardar',
  'po.item': 'Artículo',
  'po.costcode': 'Código de costo',
  'po.quantity': 'Cant.',
  'po.unit': 'Unidad',
  'po.unit_cost': 'Costo unitario',
  'po.total': 'Total',
  'po.notes': 'Notas',
  'po.acknowledge': 'Por favor, confirme la recepción de esta orden:',
  'po.mail_subject': '{{company}}: orden de compra {{po}}',
  'po.mail_intro': 'Orden de compra {{po}} de {{company}}.',
  'po.mail_intro_job': 'Orden de compra {{po}} de {{company}} para {{job}}.',
  'po.mail_dates': 'Fecha de la orden: {{date}}.',
  'po.mail_dates_deliver': 'Fecha de la orden: {{date}}; entregar a más tardar el {{deliver}}.',
  'po.mail_lines_one': '1 línea, total {{total}}. La orden de compra va adjunta en PDF.',
  'po.mail_lines_other': '{{count}} líneas, total {{total}}. La orden de compra va adjunta en PDF.',
  'po.mail_ack': 'Por favor, confirme la orden aquí: {{link}}',
  'mail.boilerplate': 'Enviado por {{sender}} de {{company}} con Groundwork. Responda a este correo para contestarle.',
  'mail.boilerplate_member': 'un miembro',

  'daily.title': 'Reporte diario',
  'daily.lead': '{{job}}, {{date}}',
  'daily.lead_revised': '{{job}}, {{date}} (revisado)',
  'daily.by': 'Por {{name}}',
  'daily.by_weather': 'Por {{name}} · Clima: {{weather}}',
  'daily.manpower': 'Personal ({{hours}})',
  'daily.hours': '{{hours}} h',
  'daily.person': 'Persona',
  'daily.hours_column': 'Horas',
  'daily.costcodes': 'Códigos de costo',
  'daily.work_performed': 'Trabajo realizado',
  'daily.equipment': 'Equipo y herramientas en la obra',
  'daily.deliveries': 'Entregas',
  'daily.delays': 'Retrasos',
  'daily.safety': 'Observaciones de seguridad',
  'daily.notes': 'Notas',
  'daily.photos': 'Fotos',
  'daily.mail_subject': '{{company}}: reporte diario {{job}}, {{date}}',
  'daily.mail_subject_revised': '{{company}}: reporte diario {{job}}, {{date}} (revisado)',
  'daily.mail_intro': 'Reporte diario de {{job}} del {{date}}.',
  'daily.mail_intro_revised': 'Reporte diario de {{job}} del {{date}} (revisado).',
  'daily.mail_crew_one': 'Cuadrilla: 1 persona, {{hours}}.',
  'daily.mail_crew_other': 'Cuadrilla: {{count}} personas, {{hours}}.',
  'daily.mail_attached': 'El reporte va adjunto en PDF, con las fotos en tamaño completo.',
  'daily.file_name': 'Reporte diario {{day}}.pdf',

  'reports.title.labor_budget': 'Presupuesto de mano de obra vs real',
  'reports.title.hours': 'Horas por persona, trabajo y semana',
  'reports.title.timecard_status': 'Estado de las tarjetas de tiempo',
  'reports.title.spend': 'Gasto vs presupuesto de materiales',
  'reports.title.schedule': 'Programación de cuadrillas vs real',
  'reports.title.tools': 'Uso de herramientas y reservas vencidas',
  'reports.job': 'Trabajo',
  'reports.costcode': 'Código de costo',
  'reports.budgeted_hours': 'Horas presupuestadas',
  'reports.actual_hours': 'Horas reales',
  'reports.percent_used': '% usado',
  'reports.forecast': 'Pronóstico',
  'reports.person': 'Persona',
  'reports.week_of': 'Semana del',
  'reports.hours': 'Horas',
  'reports.regular': 'Regulares',
  'reports.overtime': 'Extra',
  'reports.status': 'Estado',
  'reports.days_booked': 'Días con horas',
  'reports.missing_days': 'Días faltantes',
  'reports.material_budget': 'Presupuesto de materiales',
  'reports.receipts': 'Recibos',
  'reports.orders': 'Órdenes',
  'reports.spent': 'Gastado',
  'reports.day': 'Día',
  'reports.planned': 'Programados',
  'reports.punched': 'Con horas',
  'reports.no_show': 'Sin horas',
  'reports.unplanned': 'No programados',
  'reports.tool': 'Herramienta',
  'reports.container': 'Contenedor',
  'reports.reservations': 'Reservas',
  'reports.reserved_days': 'Días reservada',
  'reports.utilisation': 'Utilización',
  'reports.overdue': 'Vencidas',
  'reports.overdue_since': 'Vencida desde',
  'reports.status_signed': 'Firmada',
  'reports.status_unsigned': 'Sin firmar',
  'reports.status_none': 'Sin tarjeta',
  'reports.percent': '{{value}} %',
  'reports.range': '{{from}} – {{to}}',
  'reports.all_dates': 'Todas las fechas',
  'reports.pay_period': 'Periodo de pago {{from}} – {{to}}',
  'reports.forecast_as_of': 'Pronóstico al {{date}}',
  'reports.truncated': 'Solo las primeras filas: filtre para ver el resto.',
  'reports.no_rows': 'Sin filas.',

  'pdf.footer': 'Página {{page}} de {{pages}} · Groundwork',
  'labels.title': 'Etiquetas de herramientas',
  'poster.title': 'Únete a nuestro equipo',
  'poster.lead': 'Escanea el código con la cámara de tu teléfono para registrarte en {{company}}.',
  'poster.step1': 'Escanea el código, o escribe el enlace de abajo.',
  'poster.step2': 'Crea tu cuenta con tu correo o tu número de teléfono, o inicia sesión si ya tienes una.',
  'poster.step3': 'Un administrador te aprueba, y ya estás dentro.',
  'poster.or': 'O abre este enlace:',

  'join.approved_subject': 'Ya puedes entrar a {{company}}',
  'join.approved_text': 'Te aprobaron para unirte a {{company}} en Groundwork. Inicia sesión y elige {{company}}: {{link}}',
  'people.added_subject': 'Te agregaron a {{company}} en Groundwork',
  'people.added_text_temporary':
    'Ya tienes acceso a {{company}} en Groundwork. Inicia sesión como {{email}} con la contraseña temporal de tu primera invitación y elige {{company}} entre tus empresas.',
  'people.added_text_usual':
    'Ya tienes acceso a {{company}} en Groundwork. Inicia sesión como {{email}} con tu contraseña de siempre y elige {{company}} entre tus empresas.',

  'identity.code_subject': 'Tu código de verificación de Groundwork',
  'identity.code_text': 'Tu código de verificación de Groundwork es {{code}}. Vence en 10 minutos.',
  'identity.invited_subject': 'Te invitaron a Groundwork',
  'identity.invited_text':
    'Inicia sesión en Groundwork como {{username}} con la contraseña temporal {{password}} y elige tu propia contraseña.',
  'identity.address_email': 'esta dirección de correo',
  'identity.address_phone': 'este número de teléfono',
  'identity.attribute_taken_subject': 'Alguien intentó usar tu dirección en Groundwork',
  'identity.attribute_taken_text':
    'Alguien que inició sesión en otra cuenta de Groundwork pidió entrar con {{address}}, que usa tu cuenta. No se cambió nada. Si no lo esperabas, puedes ignorar este mensaje.',
  'identity.email_changed_subject': 'Se cambió el correo con el que entras a Groundwork',
  'identity.email_changed_text':
    'El correo con el que entras a Groundwork se cambió a {{email}}. Si no fuiste tú, restablece tu contraseña y contacta al administrador de tu empresa.',
  'identity.sign_up_taken_subject': 'Alguien intentó registrarse con tu dirección',
  'identity.sign_up_taken_text':
    'Alguien intentó crear una cuenta de Groundwork con {{address}}, que ya tiene una. Si fuiste tú, inicia sesión, o restablece tu contraseña si no la recuerdas. Si no fuiste tú, puedes ignorar este mensaje: no se cambió nada.',

  'issue.subject': 'Incidencia: {{subject}}',
};

/** The catalogue, for its test: every key in every language. */
export const CATALOGUE: Record<Language, Record<TextKey, string>> = { en, es };

declare const rendered: unique symbol;
/** A text made here (or marked `authored`): what mail, texts and pushes accept. */
export type Rendered = string & { readonly [rendered]: true };

/** A value in a template: formatted for the language when the text is rendered. */
type TextValue = string | number | { date: string } | { time: string; timeZone?: string } | { cents: number } | { markup: Rendered };

type VarsOf<S extends string> = S extends `${string}{{${infer V}}}${infer Rest}` ? V | VarsOf<Rest> : never;
/** The values a key's template names (both languages name the same ones: texts.test.ts). */
export type TextValues<K extends TextKey> = { [V in VarsOf<(typeof en)[K]>]: TextValue };

/** A key and its values: stored with a notification, rendered in each reader's language. */
export type TextRef = { [K in TextKey]: { key: K; values: TextValues<K> } }[TextKey];
export const textRef = <K extends TextKey>(key: K, values: TextValues<K>) => ({ key, values }) as TextRef;

type CountedBase = { [K in TextKey]: K extends `${infer B}_one` ? (`${B}_other` extends TextKey ? B : never) : never }[TextKey];

// --- Formatting ---------------------------------------------------------------------------------------

const formats = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat | Intl.PluralRules>();
function kept<F>(key: string, make: () => F): F {
  let f = formats.get(key) as F | undefined;
  if (!f) {
    f = make();
    formats.set(key, f as never);
  }
  return f;
}

/** A calendar day ('YYYY-MM-DD') as the language writes it: "November 26, 2026", "26 de noviembre de 2026". */
export function formatDate(lang: Language, day: string): string {
  const d = new Date(`${day.slice(0, 10)}T00:00:00Z`);
  if (Number.isNaN(d.getTime())) return day;
  return kept(`d|${lang}`, () => new Intl.DateTimeFormat(lang, { dateStyle: 'long', timeZone: 'UTC' })).format(d);
}

/** An instant as a date and time in `timeZone` (UTC unless given). */
function formatDateTime(lang: Language, at: string | Date, timeZone = 'UTC'): string {
  const d = typeof at === 'string' ? new Date(at) : at;
  if (Number.isNaN(d.getTime())) return String(at);
  return kept(`t|${lang}|${timeZone}`, () => new Intl.DateTimeFormat(lang, { dateStyle: 'long', timeStyle: 'short', timeZone })).format(d);
}

/** Cents as money in the language (US dollars, the only currency): "$1,234.50", "1234,50 US$". */
export function formatMoney(lang: Language, cents: number): string {
  return kept(`m|${lang}`, () => new Intl.NumberFormat(lang, { style: 'currency', currency: 'USD' })).format(cents / 100);
}

export function formatNumber(lang: Language, n: number, maximumFractionDigits = 2): string {
  return kept(`n|${lang}|${maximumFractionDigits}`, () => new Intl.NumberFormat(lang, { maximumFractionDigits })).format(n);
}

function formatValue(lang: Language, v: TextValue | undefined, esc: (s: string) => string): string {
  if (v === undefined || v === null) return '';
  if (typeof v === 'string') return esc(v);
  if (typeof v === 'number') return formatNumber(lang, v);
  if ('date' in v) return formatDate(lang, v.date);
  if ('time' in v) return formatDateTime(lang, v.time, v.timeZone);
  if ('cents' in v) return formatMoney(lang, v.cents);
  return v.markup;
}

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function fill(lang: Language, key: TextKey, values: Record<string, TextValue>, esc: (s: string) => string): Rendered {
  const template = CATALOGUE[lang][key] ?? en[key];
  return template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => formatValue(lang, values[name], esc)) as Rendered;
}

/** The text of `key` in `lang`, its values formatted for the language. */
export function t<K extends TextKey>(
  lang: Language,
  key: K,
  ...values: keyof TextValues<K> extends never ? [] : [TextValues<K>]
): Rendered {
  return fill(lang, key, (values[0] ?? {}) as Record<string, TextValue>, (s) => s);
}

/** A key without values (a label, a heading). */
export type PlainKey = { [K in TextKey]: keyof TextValues<K> extends never ? K : never }[TextKey];
export const plain = (lang: Language, key: PlainKey): Rendered => fill(lang, key, {}, (s) => s);

/** The same for an HTML template: string values are escaped, `{ markup }` values go in as they are. */
export function tHtml<K extends TextKey>(lang: Language, key: K, values: TextValues<K>): Rendered {
  return fill(lang, key, values as Record<string, TextValue>, escapeHtml);
}

/** A counted text: `${base}_one` or `${base}_other` by the language's plural rules; `count` is among its values. */
export function tCount<B extends CountedBase>(
  lang: Language,
  base: B,
  count: number,
  values: Omit<TextValues<`${B}_other` & TextKey>, 'count'> = {} as never,
): Rendered {
  const rule = kept(`p|${lang}`, () => new Intl.PluralRules(lang)).select(count);
  const key = `${base}_${rule === 'one' ? 'one' : 'other'}` as TextKey;
  return fill(lang, key, { ...(values as Record<string, TextValue>), count }, (s) => s);
}

/** A stored key and values rendered in `lang` (an unknown key, from a newer server, gives null). */
export function renderRef(lang: Language, ref: { key: string; values?: unknown }): Rendered | null {
  if (!Object.hasOwn(en, ref.key)) return null;
  return fill(lang, ref.key as TextKey, (ref.values ?? {}) as Record<string, TextValue>, (s) => s);
}

/** Rendered texts joined by layout only (lines, paragraphs). */
export function joined(parts: readonly Rendered[], separator: '\n' | '\n\n' | ' / ' | ' · ' | ''): Rendered {
  return parts.join(separator) as Rendered;
}

/**
 * What a person wrote (an announcement, a sendEmail subject and message, an issue report) or a value that is no one's
 * language (a link, a code): passed on as they are. texts.test.ts keeps its callers to a known list.
 */
export function authored(s: string): Rendered {
  return s as Rendered;
}

// --- A person's language ------------------------------------------------------------------------------

/** The first supported language of an Accept-Language header, if any. */
export function languageOfHeader(header: string | undefined | null): Language | null {
  if (!header) return null;
  const tags = header
    .split(',')
    .map((part) => {
      const [tag, ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { tag: tag.trim().toLowerCase(), q: q ? Number(q.slice(2)) || 0 : 1 };
    })
    .filter((x) => x.tag && x.q > 0)
    .sort((a, b) => b.q - a.q);
  for (const { tag } of tags) {
    const base = tag.split('-')[0];
    if (isLanguage(base)) return base;
  }
  return null;
}

/**
 * The language of the request being served, where no account says one (identity/routes.ts sets it from
 * Accept-Language around each identity action).
 */
export const requestLanguage = new AsyncLocalStorage<Language>();

/** A saved language, else the request's, else English. */
export const languageOr = (saved: string | null | undefined): Language =>
  isLanguage(saved) ? saved : (requestLanguage.getStore() ?? 'en');
