import * as chrono from 'chrono-node';
import MiniSearch from 'minisearch';
import { addDays, type ChatLanguage, detectLanguage, type IsoDate, mondayOf, normalizeText } from './chatbot';

/**
 * The built-in assistant's understanding (issue 48): what a question asks (its intent) and about what (its slots:
 * the job, person, tool, container, vendor, day or period), without a model. It holds up to word order, synonyms,
 * typos (edit distance, through MiniSearch's fuzzy term search over the words it knows: the intents' and the
 * company's names), lowercase codes and nicknames, Spanish with or without accents, and relative dates (chrono's
 * English and Spanish parsers, with a few Spanish forms added). A follow-up ("and tomorrow?", "y el de Carlos?")
 * reuses the previous question's intent and subject. The server builds a NameIndex per company (and caches it),
 * and decides which tool answers (chatbot.engine.ts).
 */

const INTENTS = [
  'help',
  'jobs',
  'job',
  'budget',
  'contact',
  'person',
  'people',
  'crew',
  'schedule',
  'board',
  'timeoff',
  'hours',
  'unsigned',
  'tool',
  'container',
  'reservations',
  'receipts',
  'orders',
  'vendor',
  'reports',
  'tasks',
  'announcements',
  'notifications',
  'clock',
] as const;
export type Intent = (typeof INTENTS)[number];

/** The company's names the index is built from (active records). */
export type NameLists = {
  jobs: { id: number; job: string; abbr: string | null; city?: string | null }[];
  people: { id: number; first: string | null; last: string | null }[];
  containers: { id: number; name: string }[];
  vendors: { id: number; name: string }[];
  /** Words of the company's tools (names, makes, models, categories). */
  toolWords: string[];
  /** Vendors as typed on receipts (free text: "Home Depot"). */
  receiptVendors: string[];
};

type PeriodSpec = {
  from: IsoDate;
  to: IsoDate;
  label: 'day' | 'week' | 'last_week' | 'next_week' | 'month' | 'last_month' | 'range';
};

/** What a question is about, as the engine reads it. */
type Slots = {
  jobs: number[];
  /** More than one job matched equally (e.g. "the Denver job"). */
  jobsAmbiguous: boolean;
  people: number[];
  peopleAmbiguous: boolean;
  containers: number[];
  vendors: number[];
  receiptVendor: string | null;
  /** The tool named ("hammer drill #1"), in the company's words where the question's were translated. */
  tool: string | null;
  toolNumber: string | null;
  day: IsoDate | null;
  period: PeriodSpec | null;
  self: boolean;
  crew: boolean;
  costcode: string | null;
  po: number | null;
  overdue: boolean;
  unsent: boolean;
  count: boolean;
  /** "mine"/"my" without naming anyone else: the asker's own records. */
  mine: boolean;
  /** "all", "everyone", "company": the whole company's records. */
  all: boolean;
};

export type Understood = {
  language: ChatLanguage;
  normalized: string;
  /** The question's words after synonyms and typo correction. */
  text: string;
  intent: Intent | null;
  /** Intents with their scores, best first (the runners-up make the ask-back buttons). */
  ranked: [Intent, number][];
  slots: Slots;
  /** The question reused the previous one's intent (and subject where it named none). */
  followUp: boolean;
  /** Asks for what permissions forbid ("ignore your rules", "I am the boss"): answered as any question, never widened. */
  pushy: boolean;
};

/** The previous answer's subject (kept on the assistant's message), for follow-ups. */
export type PreviousContext = {
  intent: string;
  job?: number | null;
  person?: number | null;
  container?: number | null;
  vendor?: number | null;
  tool?: string | null;
  date?: string | null;
  from?: string | null;
  to?: string | null;
  self?: boolean;
  crew?: boolean;
  overdue?: boolean;
};

// --- Words -------------------------------------------------------------------------------------------------------

/**
 * Short forms, Spanish and field words read as one canonical word, so the cues below are written once. Applied to
 * whole words after accents are dropped; a value may be several words or empty (dropped).
 */
const SYNONYMS: Record<string, string> = {
  hrs: 'hours',
  skedule: 'schedule',
  schedual: 'schedule',
  shedule: 'schedule',
  sked: 'schedule',
  hr: 'hours',
  hs: 'hours',
  hour: 'hours',
  oras: 'horas',
  hora: 'horas',
  tmrw: 'tomorrow',
  tmr: 'tomorrow',
  tmrow: 'tomorrow',
  tomoz: 'tomorrow',
  '2moro': 'tomorrow',
  '2morrow': 'tomorrow',
  tomm: 'tomorrow',
  yday: 'yesterday',
  yest: 'yesterday',
  tdy: 'today',
  '2day': 'today',
  wk: 'week',
  wks: 'weeks',
  mon: 'monday',
  tues: 'tuesday',
  tue: 'tuesday',
  wed: 'wednesday',
  weds: 'wednesday',
  thurs: 'thursday',
  thur: 'thursday',
  thu: 'thursday',
  thr: 'thursday',
  fri: 'friday',
  sat: 'saturday',
  whos: 'who is',
  wheres: 'where is',
  whats: 'what is',
  wats: 'what is',
  wat: 'what',
  wut: 'what',
  hows: 'how is',
  im: 'i am',
  ive: 'i have',
  dont: 'do not',
  didnt: 'did not',
  hasnt: 'has not',
  havent: 'have not',
  isnt: 'is not',
  wasnt: 'was not',
  arent: 'are not',
  u: 'you',
  ur: 'your',
  r: 'are',
  pls: '',
  plz: '',
  please: '',
  hey: '',
  hi: '',
  hello: '',
  ok: '',
  ppl: 'people',
  guys: 'crew',
  hw: 'how',
  hwy: 'highway',
  bldg: 'building',
  elem: 'elementary',
  pos: 'po',
  'p.o': 'po',
  'p.o.': 'po',
  dailies: 'daily reports',
  daily: 'daily',
  todos: 'tasks',
  todo: 'tasks',
  'to-do': 'tasks',
  'to-dos': 'tasks',
  q: 'que',
  k: 'que',
  ke: 'que',
  xq: 'porque',
  tmb: 'tambien',
  pa: 'para',
  d: 'de',
  kuantas: 'cuantas',
  kuantos: 'cuantos',
  kien: 'quien',
  kienes: 'quienes',
  ond: 'donde',
  onde: 'donde',
  dnd: 'donde',
  mñn: 'manana',
  // Spanish tool and container words, read as the catalogue's (usually English) ones.
  troca: 'truck',
  trocas: 'truck',
  camion: 'truck',
  camioneta: 'truck',
  pickup: 'truck',
  caja: 'box',
  cajon: 'box',
  taller: 'shop',
  bodega: 'shop',
  taladro: 'drill',
  taladros: 'drill',
  sierra: 'saw',
  serrucho: 'saw',
  escalera: 'ladder',
  generador: 'generator',
  planta: 'generator',
  martillo: 'hammer',
  rotomartillo: 'rotary hammer',
  llave: 'wrench',
  vibrador: 'vibrator',
  nivel: 'level',
  atornillador: 'impact driver',
  herramientas: 'tools',
  herramienta: 'tool',
  tools: 'tools',
  // Plurals that should match the singular cue.
  receipt: 'receipts',
  reciept: 'receipts',
  reciepts: 'receipts',
  recibo: 'recibos',
  announcement: 'announcements',
  anuncio: 'anuncios',
  aviso: 'avisos',
  notification: 'notifications',
  notificacion: 'notificaciones',
  alert: 'alerts',
  task: 'tasks',
  tarea: 'tareas',
  tareaz: 'tareas',
  reservation: 'reservations',
  reserva: 'reservas',
  vendor: 'vendors',
  supplier: 'vendors',
  suppliers: 'vendors',
  proveedor: 'proveedores',
  employee: 'employees',
  empleado: 'empleados',
  order: 'orders',
  orden: 'ordenes',
  pedido: 'pedidos',
  report: 'reports',
  reporte: 'reportes',
  informe: 'reportes',
  informes: 'reportes',
  job: 'job',
  jobs: 'jobs',
  project: 'job',
  projects: 'jobs',
  proyecto: 'obra',
  proyectos: 'obras',
  trabajos: 'obras',
  site: 'site',
  jobsite: 'site',
};

/** Words that carry no meaning here and are never corrected into something else. */
const STOPWORDS = new Set(
  (
    'a an the of for to in on at by with from and or but is are was were be been am do does did doing done have has had i me my mine ' +
    'we our us you your he his she her him they their them it its this that these those there here what which who whom whose when ' +
    'where why how many much any some all every each other another more most no not than then too very can could would should will ' +
    'shall may might must just also about after before up down out off over under again once so if as into onto per via get got ' +
    'give tell show let know need want see look find check still yet right now today tonight soon ever only same new old next last ' +
    'first one two three four five six seven eight nine ten please thanks thank yes yeah nope ' +
    'el la los las un una unos unas de del al a en con por para y o u e que quien quienes cual cuales cuando donde como cuanto ' +
    'cuanta cuantos cuantas mi mis tu tus su sus nuestro nuestra nuestros nuestras yo me te se lo le les nos usted ustedes ' +
    'es son esta estan estoy esto ese esa eso este estos estas hay ha han he tengo tiene tienen hace hacer hizo muy mas ya ' +
    'no si sin sobre entre hasta desde tambien pero porque dime decir dame ver mostrar muestra favor gracias hola buenas ' +
    'algo alguien alguna algun todo todos toda todas cada otro otra'
  ).split(' '),
);

/** The intents' cue words and phrases (after SYNONYMS), with weights. Phrases match as whole words, in order. */
const CUES: Record<Intent, [string, number][]> = {
  help: [
    ['help', 5],
    ['what can you do', 6],
    ['what do you do', 5],
    ['what can i ask', 6],
    ['how do i use', 4],
    ['how does this work', 4],
    ['ayuda', 5],
    ['ayudame', 5],
    ['que puedes hacer', 6],
    ['que sabes hacer', 6],
    ['que haces', 4],
    ['que te puedo preguntar', 6],
    ['como funciona', 4],
    ['commands', 3],
  ],
  jobs: [
    ['jobs', 3],
    ['job list', 4],
    ['obras', 3],
    ['which jobs', 2],
    ['what jobs', 2],
    ['active jobs', 2],
    ['open jobs', 2],
    ['running jobs', 2],
    ['list jobs', 2],
    ['all jobs', 2],
    ['our jobs', 2],
    ['my jobs', 2],
    ['over budget', 2],
    ['sobre presupuesto', 2],
    ['sobre el presupuesto', 2],
    ['excedidos', 2],
    ['que obras', 2],
    ['cuales obras', 2],
    ['mis obras', 2],
    ['jobs am i running', 3],
    ['jobs do i run', 3],
  ],
  job: [
    ['runs', 4],
    ['running', 2],
    ['run', 2],
    ['in charge', 4],
    ['foreman', 4],
    ['foremen', 4],
    ['super', 4],
    ['superintendent', 4],
    ['pm', 4],
    ['project manager', 5],
    ['manager', 3],
    ['manages', 4],
    ['managing', 3],
    ['lead', 2],
    ['boss', 2],
    ['capataz', 4],
    ['encargado', 4],
    ['jefe', 3],
    ['dirige', 4],
    ['maneja', 3],
    ['lleva el', 2],
    ['responsable', 4],
    ['gerente', 4],
    ['address', 5],
    ['direccion', 5],
    ['city', 4],
    ['ciudad', 4],
    ['where is it', 4],
    ['donde queda', 2],
    ['located', 4],
    ['location', 3],
    ['ubicacion', 4],
    ['queda', 3],
    ['status', 4],
    ['estado', 4],
    ['done', 2],
    ['finished', 3],
    ['complete', 3],
    ['completed', 3],
    ['closed', 2],
    ['terminado', 3],
    ['terminada', 3],
    ['activo', 2],
    ['start', 2],
    ['finish', 3],
    ['end date', 3],
    ['start date', 3],
    ['deadline', 3],
    ['customer', 4],
    ['client', 4],
    ['cliente', 4],
    ['info', 3],
    ['information', 3],
    ['informacion', 3],
    ['details', 4],
    ['detalles', 4],
    ['datos', 3],
  ],
  budget: [
    ['budget', 5],
    ['budgeted', 5],
    ['presupuesto', 5],
    ['presupuestadas', 5],
    ['burn', 3],
    ['vs budget', 3],
    ['over budget', 2],
    ['used', 1],
    ['left', 1],
    ['remaining', 2],
    ['on track', 3],
    ['over on hours', 6],
    ['over on', 3],
    ['are we over', 4],
    ['under budget', 5],
    ['doing on hours', 3],
    ['quedan', 2],
  ],
  contact: [
    ['phone', 5],
    ['telephone', 5],
    ['number', 2],
    ['cell', 5],
    ['cellphone', 5],
    ['mobile', 4],
    ['email', 5],
    ['e-mail', 5],
    ['mail', 3],
    ['contact', 4],
    ['contact info', 2],
    ['reach', 4],
    ['ahold', 5],
    ['get a hold', 5],
    ['get in touch', 5],
    ['call', 3],
    ['text', 2],
    ['telefono', 5],
    ['numero', 2],
    ['celular', 5],
    ['cel', 4],
    ['correo', 5],
    ['contacto', 4],
    ['llamar', 3],
    ['localizar', 3],
    ['whatsapp', 4],
  ],
  person: [
    ['who is', 1],
    ['quien es', 1],
    ['trade', 4],
    ['oficio', 4],
    ['what does', 1],
    ['que hace', 1],
    ['role', 3],
    ['puesto', 3],
  ],
  people: [
    ['employees', 5],
    ['empleados', 5],
    ['people', 3],
    ['staff', 4],
    ['personal', 3],
    ['directory', 5],
    ['directorio', 5],
    ['workers', 4],
    ['trabajadores', 4],
    ['how many people', 3],
    ['cuantas personas', 4],
    ['everyone', 1],
  ],
  crew: [
    ['crew', 1.5],
    ['my crew', 1],
    ['on my crew', 4],
    ['in my crew', 4],
    ['cuadrilla', 1.5],
    ['mi cuadrilla', 1],
    ['en mi cuadrilla', 4],
    ['equipo', 1.5],
    ['mi equipo', 1],
    ['en mi equipo', 4],
    ['mi gente', 4],
    ['team', 2],
    ['my team', 2],
    ['works for me', 5],
    ['work for me', 5],
    ['trabajan conmigo', 5],
    ['trabaja conmigo', 5],
    ['who do i have', 5],
    ['a quien tengo', 5],
    ['quien tengo', 4],
  ],
  schedule: [
    ['scheduled', 5],
    ['schedule', 4],
    ['schedualed', 5],
    ['sched', 4],
    ['working', 3],
    ['work', 1],
    ['works', 2],
    ['where', 2],
    ['who is on', 3],
    ['whose on', 3],
    ['who is at', 3],
    ['who are on', 3],
    ['who is working', 2],
    ['on site', 3],
    ['onsite', 3],
    ['at the site', 2],
    ['where am i', 3],
    ['where do i go', 4],
    ['where do i work', 4],
    ['am i on', 3],
    ['am i working', 3],
    ['do i work', 3],
    ['going', 1],
    ['week', 1],
    ['programado', 5],
    ['programados', 5],
    ['programada', 5],
    ['programacion', 4],
    ['horario', 4],
    ['calendario', 3],
    ['agenda', 3],
    ['turno', 3],
    ['donde', 2],
    ['trabajo', 2],
    ['trabaja', 2],
    ['trabajan', 3],
    ['me toca', 4],
    ['le toca', 4],
    ['toca', 2],
    ['va', 1],
    ['van', 2],
    ['voy', 2],
    ['quien esta', 2],
    ['quienes estan', 3],
    ['estoy', 1],
    ['en que obra', 4],
    ['board', 3],
    ['shift', 3],
    ['coming', 2],
    ['who is coming', 4],
    ['viene', 2],
    ['vienen', 3],
    ['who do i have', 1],
    ['do i start', 4],
    ['what time do i start', 6],
    ['empiezo', 3],
    ['entro', 3],
    ['confirm', 3],
    ['confirmed', 3],
    ['confirmo', 3],
    ['confirmado', 3],
  ],
  board: [
    ['who works where', 8],
    ['who is working where', 8],
    ['where is everyone', 8],
    ['where is everybody', 8],
    ['everyone working', 4],
    ['quien trabaja donde', 8],
    ['donde trabaja cada', 8],
    ['donde estan todos', 8],
    ['whole crew', 2],
  ],
  timeoff: [
    ['off', 2],
    ['day off', 5],
    ['days off', 5],
    ['vacation', 6],
    ['vacations', 6],
    ['pto', 5],
    ['sick', 4],
    ['holiday', 4],
    ['who is off', 5],
    ['libre', 4],
    ['vacaciones', 6],
    ['descanso', 4],
    ['enfermo', 4],
    ['falta', 2],
  ],
  hours: [
    ['hours', 5],
    ['horas', 5],
    ['hrs', 5],
    ['time card', 2],
    ['timecard', 2],
    ['timecards', 2],
    ['tarjeta', 2],
    ['booked', 3],
    ['logged', 3],
    ['log', 1],
    ['worked', 3],
    ['work', 1],
    ['put in', 3],
    ['put on', 2],
    ['clocked', 2],
    ['how much time', 5],
    ['cuanto tiempo', 5],
    ['trabaje', 3],
    ['trabajo', 1],
    ['trabajado', 3],
    ['hice', 2],
    ['llevo', 3],
    ['lleva', 2],
    ['llevamos', 3],
    ['overtime', 4],
    ['hit', 2],
    ['40 hours', 3],
    ['ot', 2],
    ['extras', 2],
    ['man hours', 5],
    ['manhours', 5],
    ['registradas', 3],
    ['cargadas', 3],
  ],
  unsigned: [
    ['unsigned', 7],
    ['not signed', 7],
    ['signed', 4],
    ['sign', 3],
    ['signature', 3],
    ['firmar', 4],
    ['firmado', 5],
    ['firmada', 5],
    ['firmo', 4],
    ['firme', 3],
    ['sin firmar', 7],
    ['no ha firmado', 7],
    ['no han firmado', 7],
    ['missing time cards', 6],
    ['missing timecards', 6],
  ],
  tool: [
    ['tool', 2],
    ['tools', 1],
    ['where is the', 1],
    ['who has', 3],
    ['who has the', 3],
    ['quien tiene', 3],
    ['find', 2],
    ['locate', 2],
    ['buscar', 2],
  ],
  container: [
    ['what is in', 5],
    ['what s in', 5],
    ['whats in', 5],
    ['in the', 1],
    ['inside', 3],
    ['que hay en', 5],
    ['que tiene', 3],
    ['tools in', 4],
    ['tools on', 3],
    ['tools en', 4],
    ['how many tools', 4],
    ['cuantas tools', 4],
    ['truck', 1],
    ['box', 1],
    ['trailer', 1],
    ['shop', 1],
    ['container', 2],
    ['gang box', 2],
  ],
  reservations: [
    ['reservations', 6],
    ['reserved', 5],
    ['reservas', 6],
    ['reservado', 5],
    ['reservada', 5],
    ['not returned', 6],
    ['not back', 4],
    ['returned', 3],
    ['past due', 3],
    ['checked out', 4],
    ['devuelto', 4],
    ['devuelta', 4],
    ['no han devuelto', 6],
    ['overdue tools', 6],
    ['late tools', 5],
  ],
  receipts: [
    ['receipts', 6],
    ['recibos', 6],
    ['expenses', 5],
    ['expense', 5],
    ['spent', 4],
    ['spend', 4],
    ['spending', 4],
    ['gastos', 5],
    ['gasto', 4],
    ['gaste', 4],
    ['gastamos', 4],
    ['gastado', 4],
    ['gasto en', 2],
    ['tickets', 2],
    ['facturas', 3],
    ['comprobantes', 4],
    ['reimbursement', 4],
  ],
  orders: [
    ['po', 5],
    ['purchase order', 6],
    ['purchase orders', 6],
    ['orders', 4],
    ['ordered', 4],
    ['ordenes', 4],
    ['ordenes de compra', 6],
    ['orden de compra', 6],
    ['pedidos', 5],
    ['pedimos', 4],
    ['compras', 3],
    ['delivery', 3],
    ['deliveries', 3],
    ['entrega', 3],
    ['material', 1],
    ['materials', 1],
    ['sent to', 1],
  ],
  vendor: [
    ['vendors', 6],
    ['proveedores', 6],
    ['subcontractor', 4],
    ['subcontractors', 4],
    ['subs', 3],
    ['subcontratista', 4],
    ['subcontratistas', 4],
    ['insurance', 3],
    ['seguro', 2],
    ['contact at', 3],
    ['rep', 2],
  ],
  reports: [
    ['daily', 4],
    ['daily report', 6],
    ['daily reports', 6],
    ['reports', 3],
    ['reportes', 4],
    ['reporte diario', 6],
    ['reportes diarios', 6],
    ['diario', 3],
    ['diarios', 3],
    ['bitacora', 5],
    ['log', 1],
    ['manpower', 6],
    ['man power', 6],
    ['headcount', 5],
    ['mano de obra', 6],
    ['site diary', 5],
    ['jobsnotes', 5],
    ['project notes', 5],
  ],
  tasks: [
    ['tasks', 6],
    ['tareas', 6],
    ['punch', 4],
    ['punch list', 5],
    ['pendientes', 4],
    ['pendiente', 3],
    ['to do', 4],
    ['checklist', 3],
    ['assigned to me', 4],
    ['asignadas', 4],
    ['on my plate', 5],
    ['open items', 5],
    ['punch items', 5],
    ['have to do', 4],
    ['que hacer', 3],
    ['due', 2],
    ['overdue', 3],
    ['vencidas', 2],
    ['atrasadas', 2],
  ],
  announcements: [
    ['announcements', 6],
    ['anuncios', 6],
    ['avisos', 5],
    ['news', 4],
    ['noticias', 5],
    ['novedades', 5],
    ['memo', 3],
    ['memos', 3],
    ['bulletin', 4],
    ['comunicado', 5],
    ['comunicados', 5],
    ['what is new', 3],
    ['anything new', 4],
    ['any news', 4],
    ['algo nuevo', 4],
    ['whats new', 3],
    ['que hay de nuevo', 4],
  ],
  notifications: [
    ['notifications', 6],
    ['notificaciones', 6],
    ['alerts', 4],
    ['alertas', 5],
    ['inbox', 5],
    ['unread', 3],
    ['sin leer', 4],
    ['bandeja', 4],
    ['messages', 2],
    ['mensajes', 2],
  ],
  clock: [
    ['on the clock', 7],
    ['clocked in', 7],
    ['clocked out', 5],
    ['punched in', 7],
    ['clock in', 5],
    ['ponchado', 6],
    ['ponchados', 6],
    ['fichado', 6],
    ['marcado entrada', 6],
    ['en el reloj', 6],
    ['clocked', 4],
    ['punched', 4],
    ['punch clock', 6],
    ['marcando', 5],
    ['marcaron', 5],
    ['checado', 5],
    ['checaron', 5],
    ['who is in right now', 6],
  ],
};

/** Words (beyond the cues) the typo corrector may correct to: dates, pronouns, question words. */
const EXTRA_WORDS =
  'today tomorrow yesterday monday tuesday wednesday thursday friday saturday sunday week weeks month months year ' +
  'hoy manana ayer anteayer antier lunes martes miercoles jueves viernes sabado domingo semana mes pasada pasado anterior ' +
  'proxima proximo siguiente viene entrante actual this last next previous past current since ' +
  'how many much who where what when which whose many total sum ' +
  'cuantas cuantos cuanto cuanta donde quien quienes cuando cual cuales ' +
  'i my me mine myself our yo mis mi mio conmigo everyone everybody company todos compania empresa ' +
  'telephone number address sent send not sent yet enviado enviada mandado mandaron mando envio sin enviar ' +
  'overdue late vencidas vencida vencidos atrasadas atrasado open abiertas ' +
  'recent recently latest newest oldest reciente recientes ultimo ultimos ultima ultimas nuevo nuevos nueva nuevas ' +
  'anything something nothing everything hello there their these those were where when then than them ' +
  'tiempo dinero semana mes dias dia hoy noche tarde temprano siempre nunca ahora luego despues antes ' +
  'working worked works schedule list lista todos todas';

/** Common first-name forms, so "Tommy", "Jim" or "Pepe" finds the person. */
const NICKNAMES: Record<string, string[]> = {
  thomas: ['tom', 'tommy', 'tomas'],
  tom: ['tommy', 'tomas', 'thomas'],
  james: ['jim', 'jimmy', 'jamie', 'jaime'],
  benjamin: ['ben', 'benny', 'benjamin'],
  ben: ['benny', 'benjamin'],
  jacob: ['jake', 'jacobo'],
  jake: ['jacob', 'jakey'],
  robert: ['bob', 'bobby', 'rob', 'robbie', 'roberto'],
  william: ['bill', 'billy', 'will', 'willy', 'guillermo'],
  michael: ['mike', 'mikey', 'miguel'],
  joseph: ['joe', 'joey', 'jose'],
  jose: ['pepe', 'joe', 'chepe'],
  francisco: ['pancho', 'paco', 'frank', 'cisco'],
  frank: ['frankie', 'francis', 'francisco'],
  richard: ['rick', 'ricky', 'rich', 'ricardo'],
  daniel: ['dan', 'danny', 'dani'],
  anthony: ['tony', 'antonio'],
  antonio: ['tony', 'toño', 'tono'],
  christopher: ['chris'],
  alejandro: ['alex', 'ale'],
  alexander: ['alex'],
  eduardo: ['lalo', 'ed', 'eddie'],
  enrique: ['kike', 'henry'],
  ignacio: ['nacho'],
  guadalupe: ['lupe'],
  jesus: ['chuy'],
  luis: ['lucho', 'louis', 'lou'],
  carlos: ['charlie', 'carlitos'],
  hector: ['tito'],
  maria: ['mari', 'mary'],
  elizabeth: ['liz', 'beth', 'lisa'],
  katherine: ['kate', 'katie', 'kathy'],
  emily: ['em', 'emmy'],
  jennifer: ['jen', 'jenny'],
  patricia: ['pat', 'patty', 'paty'],
  rebecca: ['becky'],
  margaret: ['maggie', 'peggy'],
  dana: ['dani'],
  ivy: ['ivy'],
  aisha: ['isha'],
  samuel: ['sam'],
  samantha: ['sam'],
  nicholas: ['nick'],
  matthew: ['matt'],
  andrew: ['andy', 'drew'],
  steven: ['steve'],
  stephen: ['steve'],
  timothy: ['tim'],
  gregory: ['greg'],
  douglas: ['doug'],
  kenneth: ['ken', 'kenny'],
  ronald: ['ron', 'ronnie'],
  raymond: ['ray'],
  gerald: ['jerry'],
  lawrence: ['larry'],
  jonathan: ['jon', 'johnny'],
  john: ['johnny', 'jack', 'juan'],
  juan: ['juanito', 'john'],
  pedro: ['pete', 'peter'],
  peter: ['pete', 'pedro'],
};

/** Words in job, container and vendor names too common to name one on their own. */
const GENERIC = new Set(
  (
    'the and of at on in for job jobs site project phase building office center centre street st avenue ave road rd ' +
    'station shop yard water fire parking retail shell structure renovation expansion upgrade replacement remodel addition ' +
    'new old north south east west main park plaza tower towers house home homes apartments lofts medical school ' +
    'supply supplies co company inc llc corp products wholesale distributors rental rentals equipment services ' +
    'box truck trailer container tools tool hq 1 2 3 4 5 6 7 8 9 0 a b c'
  ).split(' '),
);

/** The cue phrases as word arrays (built once). */
const CUE_WORDS = Object.fromEntries(
  Object.entries(CUES).map(([intent, list]) => [
    intent,
    list.map(
      ([phrase, w]) =>
        [
          phrase
            .split(' ')
            .flatMap((x) => (SYNONYMS[x] !== undefined ? SYNONYMS[x].split(' ') : [x]))
            .filter(Boolean),
          w,
        ] as const,
    ),
  ]),
) as Record<Intent, (readonly [string[], number])[]>;

/** The intents' own words (a tool called "Level" is still a tool; "tools" or "schedule" never name one). */
const CUE_VOCAB = new Set<string>([...STOPWORDS, ...Object.values(CUE_WORDS).flatMap((list) => list.flatMap(([p]) => p))]);

/** Every word the corrector knows without the company's names. */
const BASE_WORDS = new Set<string>([
  ...STOPWORDS,
  ...Object.values(CUES).flatMap((list) => list.flatMap(([p]) => p.split(' '))),
  ...EXTRA_WORDS.split(' '),
  ...Object.keys(SYNONYMS),
  ...Object.values(SYNONYMS).flatMap((v) => v.split(' ')),
]);
BASE_WORDS.delete('');

// --- The company's names -----------------------------------------------------------------------------------------

type WordHit = {
  kind: 'job' | 'person' | 'container' | 'vendor' | 'tool' | 'receiptVendor';
  id: number;
  weight: number;
  part?: 'first' | 'last';
};

export type NameIndex = {
  lists: NameLists;
  /** Word → the records whose names hold it. */
  words: Map<string, WordHit[]>;
  /** Multi-word names and codes as phrases: "cct2", "truck 1", "home depot". */
  phrases: { words: string[]; hit: WordHit }[];
  /** Every word the corrector may correct to: the base vocabulary and the company's names. */
  lexicon: MiniSearch<{ id: number; word: string }>;
  known: Set<string>;
  toolWords: Set<string>;
};

/** normalizeText, keeping "#2" (as "num2": normalizeText drops '#') and straight apostrophes for curly ones. */
const prep = (s: string) => normalizeText(s.replace(/[’‘`]/g, "'").replace(/#\s*(\d+)/g, ' num$1 '));

const words = (s: string | null | undefined) =>
  prep(s ?? '')
    .replace(/[()]/g, ' ')
    .split(/[\s/]+/)
    // "Lowe's" as the question reads it: "lowe" (a typed "lowes" is one letter away).
    .map((w) =>
      w
        .replace(/^'+|'+$/g, '')
        .replace(/'s$/, '')
        .replace(/'/g, ''),
    )
    .filter(Boolean);

/** Builds the index of a company's names (the server caches it per company and rebuilds it when they change). */
export function buildNameIndex(lists: NameLists): NameIndex {
  const map = new Map<string, WordHit[]>();
  const phrases: NameIndex['phrases'] = [];
  const add = (w: string, hit: WordHit) => {
    if (!w) return;
    const list = map.get(w) ?? [];
    const same = list.find((h) => h.kind === hit.kind && h.id === hit.id);
    if (!same) list.push(hit);
    else if (hit.weight > same.weight) same.weight = hit.weight;
    map.set(w, list);
  };
  for (const j of lists.jobs) {
    const name = words(j.job).map((w) => (SYNONYMS[w] !== undefined && !SYNONYMS[w].includes(' ') ? SYNONYMS[w] || w : w));
    for (const w of name) if (!STOPWORDS.has(w) || w.length > 3) add(w, { kind: 'job', id: j.id, weight: GENERIC.has(w) ? 1 : 4 });
    const abbr = normalizeText(j.abbr ?? '').replace(/[\s-]+/g, '');
    if (abbr.length >= 2) {
      add(abbr, { kind: 'job', id: j.id, weight: 10 });
      // "cct 2" and "cct-2" as typed on a phone.
      const split = /^([a-z]+)(\d+)$/.exec(abbr);
      if (split) phrases.push({ words: [split[1], split[2]], hit: { kind: 'job', id: j.id, weight: 10 } });
    }
    if (name.length > 1) phrases.push({ words: name.filter((w) => w !== 'the'), hit: { kind: 'job', id: j.id, weight: 12 } });
    // Initials of a long name: "Highway 36 Culvert Replacement" -> "h36cr" is unlikely; "wfs" for "Westminster Fire Station 7" is.
    const initials = name
      .filter((w) => !/^\d+$/.test(w) && !['and', 'of', 'the'].includes(w))
      .map((w) => w[0])
      .join('');
    if (initials.length >= 3 && !map.has(initials)) add(initials, { kind: 'job', id: j.id, weight: 6 });
    for (const w of words(j.city)) add(w, { kind: 'job', id: j.id, weight: 2 });
  }
  for (const p of lists.people) {
    const first = words(p.first);
    const last = words(p.last);
    for (const w of first) {
      add(w, { kind: 'person', id: p.id, weight: 5, part: 'first' });
      for (const nick of NICKNAMES[w] ?? []) add(normalizeText(nick), { kind: 'person', id: p.id, weight: 4, part: 'first' });
    }
    for (const w of last) add(w, { kind: 'person', id: p.id, weight: 5, part: 'last' });
    if (first.length && last.length) phrases.push({ words: [...first, ...last], hit: { kind: 'person', id: p.id, weight: 12 } });
  }
  for (const c of lists.containers) {
    // Its own words name it ("shop"); a word shared by several ("truck") names none alone; the owner's name in
    // "Truck 1 (Luis)" names it only beside the truck ("Luis's truck"), and letters and numbers only in a phrase.
    const owned = new Set(words(/\((.*?)\)/.exec(c.name)?.[1]));
    for (const w of words(c.name))
      if (!STOPWORDS.has(w) && w !== 'job' && w.length > 1 && !/^\d+$/.test(w) && !owned.has(w))
        add(w, { kind: 'container', id: c.id, weight: 3 });
    const base = words(c.name.replace(/\(.*?\)/g, ' '));
    if (base.length > 1) phrases.push({ words: base, hit: { kind: 'container', id: c.id, weight: 10 } });
    // "box a" for "Job box A"; "truck luis" for "Truck 1 (Luis)".
    if (base[0] === 'job' && base.length > 2) phrases.push({ words: base.slice(1), hit: { kind: 'container', id: c.id, weight: 9 } });
    const owner = /\((.*?)\)/.exec(c.name)?.[1];
    if (owner && base.length) {
      phrases.push({ words: [...words(owner), base[0]], hit: { kind: 'container', id: c.id, weight: 8 } });
      phrases.push({ words: [base[0], ...words(owner)], hit: { kind: 'container', id: c.id, weight: 8 } });
    }
  }
  for (const v of lists.vendors) {
    const all = words(v.name);
    for (const w of all) add(w, { kind: 'vendor', id: v.id, weight: GENERIC.has(w) ? 0.5 : 3 });
    if (all.length > 1) phrases.push({ words: all, hit: { kind: 'vendor', id: v.id, weight: 10 } });
  }
  lists.receiptVendors.forEach((name, i) => {
    const all = words(name);
    if (all.length > 1) phrases.push({ words: all, hit: { kind: 'receiptVendor', id: i, weight: 8 } });
    else if (all.length === 1 && all[0].length > 3) add(all[0], { kind: 'receiptVendor', id: i, weight: 4 });
  });
  // A vendor's word that also names a job, a person or a container ("Denver" Fastener, "Shell") names it only in a phrase.
  for (const hits of map.values()) {
    const others = hits.some((h) => h.kind === 'job' || h.kind === 'person' || h.kind === 'container');
    if (others) for (const h of hits) if (h.kind === 'vendor' || h.kind === 'receiptVendor') h.weight = Math.min(h.weight, 1);
  }
  // The catalogue's words that name tools (not "tools", "power" or "hand" from categories the intents use).
  const toolWords = new Set(
    lists.toolWords.flatMap((w) => words(w)).filter((w) => w.length > 1 && !/^\d+$/.test(w) && !CUE_VOCAB.has(w) && !GENERIC.has(w)),
  );
  const known = new Set<string>([...BASE_WORDS, ...map.keys(), ...phrases.flatMap((p) => p.words), ...toolWords]);
  const lexicon = new MiniSearch<{ id: number; word: string }>({ fields: ['word'], storeFields: ['word'], idField: 'id' });
  lexicon.addAll([...known].filter((w) => w.length >= 3 && !/^\d+$/.test(w)).map((word, id) => ({ id, word })));
  return { lists, words: map, phrases, lexicon, known, toolWords };
}

// --- Reading a question ----------------------------------------------------------------------------------------------

/** Applies SYNONYMS and corrects typos to the nearest known word (edit distance 1 for 5–7 letters, 2 from 8). */
function canonicalWords(normalized: string, index: NameIndex): string[] {
  const out: string[] = [];
  const raw = normalized
    .replace(/(\w)'s\b/g, '$1')
    .replace(/'/g, '')
    .split(/\s+/)
    .filter(Boolean)
    .map((w) => w.replace(/^num(\d+)$/, '#$1'));
  for (let w of raw) {
    if (SYNONYMS[w] !== undefined) {
      out.push(...SYNONYMS[w].split(' ').filter(Boolean));
      continue;
    }
    // "toms cell", "luiss phone": a name with a possessive s and no apostrophe.
    if (!index.known.has(w) && w.length >= 4 && w.endsWith('s') && index.words.has(w.slice(0, -1))) {
      out.push(w.slice(0, -1));
      continue;
    }
    if (!index.known.has(w) && /^[a-z]+$/.test(w) && w.length >= 4) {
      const max = w.length >= 8 ? 2 : 1;
      const hit = index.lexicon.search(w, { fuzzy: max / w.length + 0.001, prefix: false })[0];
      // Four letters ("wher", "taks") go only to the intents' own words: a short name is too easily another word.
      if (hit && (w.length > 4 || BASE_WORDS.has(hit.word as string))) {
        w = hit.word as string;
        if (SYNONYMS[w] !== undefined) {
          out.push(...SYNONYMS[w].split(' ').filter(Boolean));
          continue;
        }
      }
    }
    out.push(w);
  }
  return out;
}

const has = (ws: string[], phrase: readonly string[]) => {
  outer: for (let i = 0; i + phrase.length <= ws.length; i++) {
    for (let k = 0; k < phrase.length; k++) if (ws[i + k] !== phrase[k]) continue outer;
    return true;
  }
  return false;
};
const hasAny = (ws: string[], list: string[]) => list.some((p) => has(ws, p.split(' ')));

type Found = {
  jobs: Map<number, number>;
  people: Map<number, number>;
  containers: Map<number, number>;
  vendors: Map<number, number>;
  receiptVendor: number | null;
  used: Set<number>;
};

/** The company's records a question names, scored (phrases first, then single words). */
function findNames(ws: string[], index: NameIndex): Found {
  const found: Found = {
    jobs: new Map(),
    people: new Map(),
    containers: new Map(),
    vendors: new Map(),
    receiptVendor: null,
    used: new Set(),
  };
  const bump = (hit: WordHit, score: number) => {
    if (hit.kind === 'receiptVendor') {
      if (score >= 4) found.receiptVendor = hit.id;
      return;
    }
    if (hit.kind === 'tool') return;
    const m =
      hit.kind === 'job' ? found.jobs : hit.kind === 'person' ? found.people : hit.kind === 'container' ? found.containers : found.vendors;
    m.set(hit.id, (m.get(hit.id) ?? 0) + score);
  };
  for (const p of index.phrases) {
    for (let i = 0; i + p.words.length <= ws.length; i++) {
      if (p.words.every((w, k) => ws[i + k] === w)) {
        bump(p.hit, p.hit.weight);
        for (let k = 0; k < p.words.length; k++) found.used.add(i + k);
      }
    }
  }
  ws.forEach((w, i) => {
    const hits = index.words.get(w);
    if (!hits) return;
    // A word shared by several records of a kind names none of them alone (unless a code).
    const byKind = new Map<string, WordHit[]>();
    for (const h of hits) byKind.set(h.kind, [...(byKind.get(h.kind) ?? []), h]);
    for (const [, list] of byKind) {
      for (const h of list) {
        const share = h.weight >= 10 ? h.weight : h.weight / list.length;
        bump(h, share);
      }
    }
    found.used.add(i);
  });
  return found;
}

/** The best-scored records of a kind: ties at the top make it ambiguous. */
function best(scores: Map<number, number>, min: number): { ids: number[]; ambiguous: boolean } {
  const ranked = [...scores.entries()].filter(([, s]) => s >= min).sort((a, b) => b[1] - a[1]);
  if (!ranked.length) return { ids: [], ambiguous: false };
  const top = ranked[0][1];
  const tied = ranked.filter(([, s]) => s >= top - 0.01);
  return { ids: ranked.map(([id]) => id), ambiguous: tied.length > 1 };
}

const ymd = (c: chrono.ParsedComponents) =>
  `${c.get('year')}-${String(c.get('month')).padStart(2, '0')}-${String(c.get('day')).padStart(2, '0')}` as IsoDate;

function relative(days: number) {
  return {
    pattern: () => /(?:)/,
    extract: (ctx: chrono.ParsingContext) => {
      const d = new Date(ctx.reference.instant.getTime() + days * 86_400_000);
      return { day: d.getUTCDate(), month: d.getUTCMonth() + 1, year: d.getUTCFullYear() };
    },
  };
}

/** chrono's parsers with the Spanish and English forms it lacks ("pasado mañana", "anteayer", "day after tomorrow"). */
function parserFor(lang: ChatLanguage) {
  const base = lang === 'es' ? chrono.es.casual.clone() : chrono.en.casual.clone();
  const fixed: [RegExp, number][] = [
    [/\bpasado manana\b/i, 2],
    [/\bday after tomorrow\b/i, 2],
    [/\b(?:anteayer|antier|antes de ayer)\b/i, -2],
    [/\bday before yesterday\b/i, -2],
  ];
  for (const [re, days] of fixed) base.parsers.unshift({ ...relative(days), pattern: () => re });
  return base;
}
const PARSERS = { en: parserFor('en'), es: parserFor('es') };

/** Words chrono can read a day from; a question without any skips its parsers (the engine's main cost otherwise). */
const DATEISH = new RegExp(
  `\\b(${[
    'today|tonight|tomorrow|yesterday|day|days|ago|noon|now',
    'monday|tuesday|wednesday|thursday|friday|saturday|sunday|mon|tue|wed|thu|fri|sat|sun',
    'january|february|march|april|may|june|july|august|september|october|november|december',
    'jan|feb|mar|apr|jun|jul|aug|sep|sept|oct|nov|dec',
    'hoy|manana|ayer|anteayer|antier|lunes|martes|miercoles|jueves|viernes|sabado|domingo|dia|dias',
    'enero|febrero|marzo|abril|mayo|junio|julio|agosto|septiembre|setiembre|octubre|noviembre|diciembre',
    'ene|abr|ago|dic|hace',
    '\\d{1,2}/\\d{1,2}(/\\d{2,4})?|\\d{1,2}(st|nd|rd|th)',
  ].join('|')})\\b`,
);

/** Whether the intent looks back (hours, receipts, reports) or ahead (the schedule) for a bare weekday. */
const LOOKS_BACK = new Set<Intent>(['hours', 'receipts', 'reports', 'orders', 'unsigned', 'clock']);

/** The day and the period a question names. `back`: a bare weekday is the last one (else the next one, today included). */
export function readWhen(text: string, today: IsoDate, back: boolean): { day: IsoDate | null; period: PeriodSpec | null } {
  const ws = text.split(' ');
  const monday = mondayOf(today);
  const span = (from: IsoDate, to: IsoDate, label: PeriodSpec['label']): PeriodSpec => ({ from, to, label });
  let period: PeriodSpec | null = null;
  const saturday = addDays(monday, 5);
  if (hasAny(ws, ['last weekend', 'fin de semana pasado', 'finde pasado']))
    period = span(addDays(saturday, -7), addDays(saturday, -6), 'range');
  else if (hasAny(ws, ['next weekend', 'proximo fin de semana', 'fin de semana que viene']))
    period = span(addDays(saturday, 7), addDays(saturday, 8), 'range');
  else if (hasAny(ws, ['weekend', 'fin de semana', 'finde'])) period = span(saturday, addDays(saturday, 1), 'range');
  else if (hasAny(ws, ['last week', 'semana pasada', 'semana anterior', 'previous week', 'past week', 'prior week']))
    period = span(addDays(monday, -7), addDays(monday, -1), 'last_week');
  else if (
    hasAny(ws, [
      'next week',
      'semana que viene',
      'proxima semana',
      'semana proxima',
      'siguiente semana',
      'semana siguiente',
      'semana entrante',
    ])
  )
    period = span(addDays(monday, 7), addDays(monday, 13), 'next_week');
  else if (
    hasAny(ws, ['this week', 'esta semana', 'semana actual', 'so far this week', 'the week', 'la semana', 'week', 'semana', 'weekly'])
  )
    period = span(monday, addDays(monday, 6), 'week');
  else if (hasAny(ws, ['last month', 'mes pasado', 'mes anterior', 'previous month']))
    period = (() => {
      const first = `${addDays(`${today.slice(0, 7)}-01`, -1).slice(0, 7)}-01`;
      return span(first, addDays(`${today.slice(0, 7)}-01`, -1), 'last_month');
    })();
  else if (hasAny(ws, ['this month', 'este mes', 'month', 'mes']))
    period = span(`${today.slice(0, 7)}-01`, addDays(`${addDays(`${today.slice(0, 7)}-28`, 4).slice(0, 7)}-01`, -1), 'month');
  const since = /\b(?:since|desde el|desde)\s+(\w+)/.exec(text);
  // Dates: ISO first, then chrono (in both languages: a Spanish day in an English question is still a day).
  let day: IsoDate | null = /\b(\d{4}-\d{2}-\d{2})\b/.exec(text)?.[1] ?? null;
  if (!day && DATEISH.test(text)) {
    // "esta mañana" and "en la mañana" are a time of day, not tomorrow.
    const cleaned = text
      .replace(/\b(esta|la|por la|en la|de la) manana\b/g, ' ')
      .replace(/\b\d{2}-\d{2,4}(-\d{1,4})?\b/g, ' ')
      .replace(/#\d+|\bt-?\d+\b|\bpo \d+|\b(orden|order|pedido) \d+/g, ' ');
    const ref = { instant: new Date(`${today}T12:00:00Z`), timezone: 0 };
    const results = [...PARSERS.en.parse(cleaned, ref), ...PARSERS.es.parse(cleaned, ref)].filter(
      (r) => r.start.isCertain('day') || r.start.isCertain('weekday'),
    );
    const r = results.sort((a, b) => b.text.length - a.text.length)[0];
    if (r) {
      const weekday = r.start.isCertain('weekday') && !r.start.isCertain('day') ? r.start.get('weekday') : null;
      if (weekday != null) {
        const current = new Date(`${today}T12:00:00Z`).getUTCDay();
        const ahead = (weekday - current + 7) % 7;
        const lastOne = /\b(last|past|previous|pasado|pasada|anterior)\b/.test(text);
        const nextOne = /\b(next|proximo|proxima|que viene|siguiente|coming)\b/.test(text);
        if (period && period.label !== 'month' && period.label !== 'last_month') {
          // "last week Friday", "el viernes de la semana pasada": that week's day.
          day = addDays(period.from, (weekday + 6) % 7);
          period = null;
        } else if (lastOne) day = addDays(today, ahead === 0 ? -7 : ahead - 7);
        else if (nextOne) day = addDays(today, ahead === 0 ? 7 : ahead);
        else if (back) day = addDays(today, ahead === 0 ? 0 : ahead - 7);
        else day = addDays(today, ahead);
      } else {
        day = ymd(r.start);
        const word = r.text.toLowerCase();
        // chrono reads "this week"/"last week" as a day; the period above wins.
        if (/week|semana|month|mes/.test(word)) day = null;
      }
    }
  }
  if (since && day && !period) {
    period = span(day, today, 'range');
    day = null;
  }
  if (day && period && !(day >= period.from && day <= period.to)) period = null;
  if (day) period = null;
  return { day, period };
}

const SELF = [
  'i',
  'me',
  'my',
  'mine',
  'myself',
  'am i',
  'yo',
  'mis',
  'mi',
  'me',
  'conmigo',
  'llevo',
  'tengo',
  'trabajo',
  'trabaje',
  'estoy',
  'voy',
  'hice',
  'gaste',
  'firme',
];

/** How strongly each intent is asked for: its cues, plus what the named records suggest. */
function score(ws: string[], slots: Slots, found: Found): Map<Intent, number> {
  const s = new Map<Intent, number>();
  const add = (i: Intent, n: number) => s.set(i, (s.get(i) ?? 0) + n);
  for (const intent of INTENTS) {
    for (const [phrase, w] of CUE_WORDS[intent]) {
      for (let i = 0; i + phrase.length <= ws.length; i++) {
        if (phrase.every((p, k) => ws[i + k] === p)) add(intent, w);
      }
    }
  }
  const where = hasAny(ws, ['where', 'donde']);
  const who = hasAny(ws, ['who', 'quien', 'quienes']);
  if (slots.tool || slots.toolNumber) add('tool', where || hasAny(ws, ['who has', 'quien tiene', 'find', 'locate']) ? 6 : 4);
  if (slots.containers.length) add('container', 3);
  if (slots.po) add('orders', 6);
  if (slots.vendors.length) add('vendor', 2);
  if (slots.receiptVendor !== null) add('receipts', 2);
  if (slots.costcode) add('hours', 2);
  // A cue that needs a record the question does not name gives way to one whose record it names.
  if (!slots.jobs.length && !slots.self && slots.people.length) s.set('job', Math.max(0, (s.get('job') ?? 0) - 2));
  if (slots.people.length) add('contact', s.get('contact') ? 1 : 0);
  if (slots.crew && who && !s.get('hours')) add('crew', 4);
  if (slots.crew && where) add('schedule', 2);
  // "where is Ben" is where he works; "where is RMOB" is where the job is; "who is Ben" is who he is.
  if (where && slots.people.length && !slots.tool) add('schedule', 3);
  if (
    where &&
    slots.jobs.length &&
    !slots.people.length &&
    !has(ws, ['i']) &&
    !hasAny(ws, ['working', 'work', 'trabaja', 'trabajo', 'scheduled'])
  )
    add('job', 4);
  if (who && slots.jobs.length && hasAny(ws, ['on', 'at', 'en', 'in'])) add('schedule', 2);
  if (who && slots.people.length && !slots.jobs.length && hasAny(ws, ['who is', 'quien es']) && ws.length <= 5) add('person', 4);
  if (slots.crew && !s.get('hours') && !s.get('schedule')) add('crew', 2);
  if (slots.overdue && (slots.tool || hasAny(ws, ['tools', 'tool', 'reservations', 'reservas']))) add('reservations', 4);
  if (slots.unsent && found.jobs.size && !s.get('orders')) add('reports', 1);
  // The words of one intent inside another's phrase: "time card" is hours unless "sign"ed; "budget" wins over "hours".
  if (s.get('unsigned')) s.set('hours', Math.max(0, (s.get('hours') ?? 0) - 3));
  if (s.get('budget') && s.get('hours')) s.set('hours', Math.max(0, (s.get('hours') ?? 0) - 4));
  if (s.get('reports') && s.get('hours') && hasAny(ws, ['manpower', 'mano de obra', 'man power'])) s.set('hours', 0);
  if ((s.get('tasks') ?? 0) >= 4 && (s.get('reservations') ?? 0) < 5) s.set('reservations', 0);
  if (s.get('board') && s.get('schedule')) add('board', s.get('schedule') ?? 0);
  if (s.get('timeoff') && hasAny(ws, ['off', 'vacation', 'vacaciones', 'libre', 'pto', 'sick'])) add('timeoff', s.get('schedule') ?? 0);
  if ((s.get('container') ?? 0) >= 5 && (s.get('tool') ?? 0) < 6) s.set('tool', 0);
  if ((s.get('announcements') ?? 0) >= 4) s.set('notifications', Math.max(0, (s.get('notifications') ?? 0) - 2));
  return s;
}

const FOLLOW = [
  'and',
  'what about',
  'how about',
  'also',
  'same for',
  'y',
  'y que tal',
  'que tal',
  'y de',
  'y el',
  'y la',
  'y en',
  'and on',
  'and for',
  'and the',
  'tambien',
  'lo mismo',
];

/**
 * Reads a question: its language, intent and slots, reusing `previous` for a follow-up. Pure: the company's
 * names come in `index`.
 */
export function understand(
  question: string,
  today: IsoDate,
  fallback: ChatLanguage,
  index: NameIndex,
  previous: PreviousContext | null = null,
): Understood {
  const normalized = prep(question);
  const language = detectLanguage(question, fallback);
  const ws = canonicalWords(normalized, index);
  const text = ws.join(' ');
  const found = findNames(ws, index);
  let jobs = best(found.jobs, 4);
  // No job named outright, but a word a few share ("the Denver job"): those few, to ask which.
  if (!jobs.ids.length) {
    const weak = [...found.jobs.entries()].filter(([, v]) => v >= 0.6).map(([id]) => id);
    if (weak.length >= 2 && weak.length <= 3) jobs = { ids: weak, ambiguous: true };
  }
  const people = best(found.people, 4);
  const containers = best(found.containers, 3);
  const vendors = best(found.vendors, 3);

  // A tool: its number ("t-0008", "tool 8", "#8" after a tool word) or its words from the company's catalogue.
  const number = /\bt-?(\d{1,6})\b/.exec(normalized) ?? /\b(?:tool|herramienta) (?:no |number |numero |#)?#?(\d{1,6})\b/.exec(text);
  const toolNumber = number ? `T-${number[1]}` : null;
  const toolRun: string[] = [];
  ws.forEach((w, i) => {
    if (index.toolWords.has(w) && !found.used.has(i)) toolRun.push(w);
    else if (index.toolWords.has(w) && found.containers.size === 0 && found.people.size === 0 && found.jobs.size === 0) toolRun.push(w);
    else if (/^#\d+$/.test(w) && toolRun.length) toolRun.push(w);
  });
  const tool = toolRun.filter((w) => !/^#/.test(w)).length ? toolRun.join(' ') : null;

  const costcode = /\b(\d{2}-\d{3,4}(?:-\d{1,4})?)\b/.exec(normalized)?.[1] ?? null;
  const po = /(?:\b(?:po|p o|ordenes|orden|orders|order|pedidos|pedido|purchase orders?)\s*#?\s*|#)(\d{3,7})\b/.exec(text);
  const crew = hasAny(ws, ['crew', 'cuadrilla', 'equipo', 'team', 'mi gente']);
  const others = people.ids.length > 0;
  const self = !others && hasAny(ws, SELF);
  const all = hasAny(ws, [
    'all',
    'everyone',
    'everybody',
    'company',
    'todos',
    'todas',
    'toda la',
    'empresa',
    'compania',
    'we',
    'our',
    'nuestros',
    'nuestras',
  ]);
  const slots: Slots = {
    jobs: jobs.ids,
    jobsAmbiguous: jobs.ambiguous,
    people: people.ids,
    peopleAmbiguous: people.ambiguous,
    containers: containers.ids,
    vendors: vendors.ids,
    receiptVendor: found.receiptVendor === null ? null : (index.lists.receiptVendors[found.receiptVendor] ?? null),
    tool,
    toolNumber,
    day: null,
    period: null,
    self,
    crew,
    costcode,
    po: po ? Number(po[1]) : null,
    overdue: hasAny(ws, [
      'overdue',
      'late',
      'past due',
      'vencidas',
      'vencida',
      'vencidos',
      'vencido',
      'atrasadas',
      'atrasados',
      'atrasado',
      'not returned',
      'no devuelto',
    ]),
    unsent: hasAny(ws, [
      'not sent',
      'unsent',
      'sin enviar',
      'no enviado',
      'no enviados',
      'not been sent',
      'havent been sent',
      'no se han enviado',
      'pending',
      'pendiente de enviar',
    ]),
    count: hasAny(ws, ['how many', 'cuantos', 'cuantas', 'number of', 'count']),
    mine: self,
    all,
  };
  const scores = score(ws, slots, found);
  const ranked = [...scores.entries()].filter(([, v]) => v > 0).sort((a, b) => b[1] - a[1]) as [Intent, number][];
  let intent: Intent | null = ranked[0]?.[0] ?? null;
  const topScore = ranked[0]?.[1] ?? 0;

  // A follow-up: the previous intent, unless this question clearly asks another thing.
  const startsFollow = FOLLOW.some((f) => text === f || text.startsWith(`${f} `));
  const pronoun = hasAny(ws, [
    'his',
    'her',
    'their',
    'su',
    'sus',
    'him',
    'them',
    'it',
    'there',
    'that job',
    'esa obra',
    'ese proyecto',
    'alli',
    'ahi',
    'alla',
    'same',
  ]);
  let followUp = false;
  if (previous) {
    const known = (INTENTS as readonly string[]).includes(previous.intent);
    const namesSomething =
      slots.jobs.length || slots.people.length || slots.containers.length || slots.tool || slots.toolNumber || slots.vendors.length;
    const weak = topScore < 3 || (startsFollow && topScore < 5 && ws.length <= 8);
    if (known && weak && (startsFollow || pronoun || namesSomething || ws.length <= 4)) {
      intent = previous.intent as Intent;
      followUp = true;
    } else if (intent && !namesSomething && (pronoun || ws.length <= 3)) {
      // "and his email?", "where is it?", "budget" after "rmob": the previous subject, asked something new.
      if (previous.person) slots.people = [previous.person];
      else if (previous.job) slots.jobs = [previous.job];
    }
  }
  const when = readWhen(text, today, intent ? LOOKS_BACK.has(intent) : false);
  slots.day = when.day;
  slots.period = when.period;

  if (followUp && previous) {
    // Subject: what this question names replaces the previous one's; else it is kept.
    const named =
      slots.jobs.length || slots.people.length || slots.containers.length || slots.tool || slots.toolNumber || slots.vendors.length;
    if (!named) {
      if (previous.job) slots.jobs = [previous.job];
      if (previous.person) slots.people = [previous.person];
      if (previous.container) slots.containers = [previous.container];
      if (previous.vendor) slots.vendors = [previous.vendor];
      if (previous.tool) slots.tool = previous.tool;
      if (previous.self) slots.self = true;
      if (previous.crew) slots.crew = true;
    } else if (previous.job && slots.people.length && !slots.jobs.length && (previous.intent === 'hours' || previous.intent === 'budget')) {
      // "and Ben?" after a job's hours: Ben's hours on that job? Ambiguous; the person wins (as people ask it).
    }
    if (previous.overdue) slots.overdue = true;
    if (!slots.day && !slots.period) {
      if (previous.date) slots.day = previous.date;
      else if (previous.from && previous.to) slots.period = { from: previous.from, to: previous.to, label: 'range' };
    }
  }
  const pushy =
    /\b(ignore|ignora|ignorar|bypass|override|salta|sin importar|i am the boss|soy el jefe|soy admin|i am admin|as admin|como admin)\b/.test(
      text,
    );
  return { language, normalized, text, intent, ranked, slots, followUp, pushy };
}

/** The records a short text names (a tool's input from a model: "Riverside", "Ben", "truck 1"), best first. */
export function namesIn(index: NameIndex, text: string) {
  const found = findNames(canonicalWords(prep(text), index), index);
  const people = best(found.people, 4);
  return {
    jobs: best(found.jobs, 4).ids,
    people: people.ids,
    peopleAmbiguous: people.ambiguous,
    containers: best(found.containers, 3).ids,
    vendors: best(found.vendors, 3).ids,
  };
}

/** A text in the catalogue's words: synonyms applied ("taladro #2" -> "drill #2"), no typo correction. */
export function canonicalText(text: string): string {
  return prep(text)
    .split(/\s+/)
    .filter(Boolean)
    .map((w) => w.replace(/^num(\d+)$/, '#$1'))
    .flatMap((w) => (SYNONYMS[w] !== undefined ? SYNONYMS[w].split(' ').filter(Boolean) : [w]))
    .join(' ');
}
