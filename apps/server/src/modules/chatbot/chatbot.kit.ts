import type { ChatLanguage, IsoDate } from '@groundwork/core/chatbot';
import { type Access, ADMIN_ACCESS, type Area, accessTo } from '@groundwork/core/permissions';
import { z } from 'zod';
import type { Member } from '../../graphql/gate.js';
import type { ToolResult } from './chatbot.tool-types.js';

/** What the chatbot's tools share: the asker's access to an area, the inputs' shapes, and how answers write values. */

export const isAdmin = (m: Member) => m.isAdmin || m.permissions.has(ADMIN_ACCESS);
/** The asker's reach in an area (spec §6, the one matrix; the company's switched-off modules included). */
export const accessOf = (m: Member, area: Area): Access => (isAdmin(m) ? 'all' : accessTo(m.permissions, area, 'read', m.off));
export const allows = (m: Member, area: Area) => accessOf(m, area) !== null;

export const refuse = (text: string): ToolResult => ({ text, data: { refused: text }, source: null, refused: true, rows: 0 });

export const nameInput = z.string().trim().min(1).max(120);
export const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'a date as YYYY-MM-DD');

const locale = (lang: ChatLanguage) => (lang === 'es' ? 'es-US' : 'en-US');

/** "Nov 25" (25 nov), a range "Nov 23–29", across months "Nov 30–Dec 6". */
export const dateRange = (lang: ChatLanguage, from: IsoDate, to: IsoDate) => {
  const fmt = (d: IsoDate) =>
    new Date(`${d}T12:00:00Z`).toLocaleDateString(locale(lang), { month: 'short', day: 'numeric', timeZone: 'UTC' });
  if (from === to) return fmt(from);
  if (from.slice(0, 7) !== to.slice(0, 7)) return `${fmt(from)}–${fmt(to)}`;
  const day = (d: IsoDate) => String(Number(d.slice(8, 10)));
  return lang === 'es' ? `${day(from)}–${fmt(to)}` : `${fmt(from)}–${day(to)}`;
};
/** A day with its weekday: "Wed, Nov 25" ("mié, 25 de nov"). */
export const dayText = (lang: ChatLanguage, d: IsoDate) =>
  new Date(`${d}T12:00:00Z`).toLocaleDateString(locale(lang), { weekday: 'short', month: 'short', day: 'numeric', timeZone: 'UTC' });
/** A long date: "Jun 6, 2026" ("6 jun 2026"). */
export const longDate = (lang: ChatLanguage, d: IsoDate) =>
  new Date(`${d}T12:00:00Z`).toLocaleDateString(locale(lang), { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' });
/** Hours as the app shows them (the budget tab): grouped thousands, at most two decimals. */
export const hoursText = (h: number, lang: ChatLanguage = 'en') =>
  new Intl.NumberFormat(locale(lang), { maximumFractionDigits: 2 }).format(h);
export const moneyText = (cents: number, lang: ChatLanguage) =>
  new Intl.NumberFormat(locale(lang), { style: 'currency', currency: 'USD' }).format(cents / 100);
/** "A, B and C" ("A, B y C"). */
const listText = (lang: ChatLanguage, items: string[]) =>
  new Intl.ListFormat(locale(lang), { style: 'long', type: 'conjunction' }).format(items);

/** At most `max` items named, then "and 3 more" ("y 3 más"). */
export const someOf = (lang: ChatLanguage, items: string[], max: number) =>
  items.length <= max
    ? listText(lang, items)
    : `${items.slice(0, max).join(', ')} ${lang === 'es' ? `y ${items.length - max} más` : `and ${items.length - max} more`}`;
