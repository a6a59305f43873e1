import { z } from 'zod';
import { MESSAGES } from './people.js';

/** The public route of a company's sign-up page (spec §2: no path parameter, the code is a query key). */
export const JOIN_PATH = '/join';
/** The JSON endpoint behind it: GET ?company= for the company's face, POST to ask to join. */
export const JOIN_ENDPOINT = '/api/join';
/** The poster (PDF) of one link, for people admins: GET ?id=<link id>&lang=en|es. */
export const JOIN_POSTER_ENDPOINT = '/api/join/poster';

/** A join code: 22 characters of base64url, 132 random bits. Anything else is refused before the database. */
export const JOIN_CODE = /^[A-Za-z0-9_-]{22}$/;

/** The link a poster and the admin screen show for a code. */
export const joinUrl = (origin: string, code: string) => `${origin.replace(/\/$/, '')}${JOIN_PATH}?company=${encodeURIComponent(code)}`;

export const JOIN_NAME_MAX = 100;
export const JOIN_LINK_NAME_MAX = 100;

/** What the person gives besides their sign-in: the name the company will know them by. */
export const joinFields = z.object({
  firstname: z.string().trim().min(1, MESSAGES.required).max(JOIN_NAME_MAX, MESSAGES.max(JOIN_NAME_MAX)),
  lastname: z.string().trim().min(1, MESSAGES.required).max(JOIN_NAME_MAX, MESSAGES.max(JOIN_NAME_MAX)),
});
export type JoinFields = z.infer<typeof joinFields>;

/** A link's settings as a people admin edits them. */
export const joinLinkFields = z.object({
  name: z.string().trim().min(1, MESSAGES.required).max(JOIN_LINK_NAME_MAX, MESSAGES.max(JOIN_LINK_NAME_MAX)),
  auto_approve: z.boolean(),
  usergroup_ids: z.array(z.number().int().positive()).max(50),
});

/** POST /api/join answers: still waiting, a member now (a link without approval), or already a member. */
export type JoinStatus = 'pending' | 'approved' | 'member';
export type JoinAnswer = { status: JoinStatus; company: string };
/** GET /api/join answers the company's face, nothing about its people. */
export type JoinCompany = { company: string; logo: string | null };

/** Server answers of the join endpoint, shared so the web shows the same words. */
export const JOIN_MESSAGES = {
  /** Unknown, rotated and turned-off codes all get exactly this. */
  invalidLink: 'This join link is not valid. Ask your company for a new one.',
  tooMany: 'Too many attempts. Please wait a few minutes and try again.',
  signIn: 'Please sign in or create an account first.',
} as const;
