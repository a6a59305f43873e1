export interface NamedPerson {
  id: number;
  firstname?: string | null;
  lastname?: string | null;
  username?: string | null;
  email?: string | null;
}

export function initials(p: NamedPerson): string {
  const letters = [p.firstname, p.lastname].filter((s): s is string => Boolean(s?.trim())).map((s) => s.trim().charAt(0).toUpperCase());
  return letters.join('') || (p.username ?? p.email ?? '?').charAt(0).toUpperCase();
}

/**
 * Spec §3: trades is a list sent as a JSON string. Older records may hold a plain comma-separated string; both read
 * as a list, and anything unreadable reads as no trades rather than breaking the screen.
 */
export function parseTrades(value: string | null | undefined): string[] {
  if (!value?.trim()) return [];
  try {
    const parsed: unknown = JSON.parse(value);
    if (Array.isArray(parsed)) return parsed.filter((t): t is string => typeof t === 'string' && t.trim() !== '').map((t) => t.trim());
    if (typeof parsed === 'string') return parsed.trim() ? [parsed.trim()] : [];
    return [];
  } catch {
    return value
      .split(',')
      .map((t) => t.trim())
      .filter(Boolean);
  }
}

export function serializeTrades(trades: readonly string[]): string {
  const unique = [...new Set(trades.map((t) => t.trim()).filter(Boolean))];
  return JSON.stringify(unique);
}

export interface SearchablePerson extends NamedPerson {
  cellphone?: string | null;
  private_email?: string | null;
  trades?: string | null;
}

const digits = (s: string) => s.replace(/\D/g, '');

/** Matches every word of the search against name, username, e-mails, phone (digits only) and trades. */
export function matchesPerson(p: SearchablePerson, text: string): boolean {
  const words = text.trim().toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const haystack = [p.firstname, p.lastname, p.username, p.email, p.private_email, ...parseTrades(p.trades)]
    .filter(Boolean)
    .join(' ')
    .toLowerCase();
  const phone = digits(p.cellphone ?? '');
  // A word is read as a phone number only when it is made of phone characters: 'tester00' must not match every
  // number with two zeros in it.
  const phoneLike = (word: string) => /^[\d\s()+.-]+$/.test(word) && digits(word).length >= 3;
  return words.every((word) => haystack.includes(word) || (phoneLike(word) && phone.includes(digits(word))));
}

/** The translation key (people namespace) of a sign-in status, in plain words. */
export function signInStatusKey(cognitoStatus: string | null | undefined): string {
  switch (cognitoStatus) {
    case null:
    case undefined:
    case '':
      return 'signIn.none';
    case 'FORCE_CHANGE_PASSWORD':
      return 'signIn.invited';
    case 'CONFIRMED':
      return 'signIn.confirmed';
    case 'Deleted':
      return 'signIn.removed';
    default:
      return 'signIn.other';
  }
}

/** Whether the person is currently linked to a sign-in account in this company. */
export function hasAccount(p: { cognito_uuid?: string | null; cognito_status?: string | null }): boolean {
  return Boolean(p.cognito_uuid) && p.cognito_status !== 'Deleted';
}

/** Initials on the scheme's secondary colour: MUI's default grey avatar fails text contrast. */
export const AVATAR_SX = { bgcolor: 'secondary.main', color: 'secondary.contrastText' } as const;
