import { z } from 'zod';

/**
 * The mood check-in ("happy days", spec §3 Mood: id, employees_id, mood_date, mood; issue 21): one answer per person
 * per day, 1 (bad) to 5 (great), with an optional "hurt at work today". Admins see only aggregates, and nothing for a
 * group smaller than MIN_GROUP people.
 */

export const MOOD_MIN = 1;
export const MOOD_MAX = 5;
/** Groups with fewer distinct people than this are not shown (their count and average are withheld). */
export const MIN_GROUP = 5;

export const MOOD_GROUPINGS = ['day', 'job', 'department'] as const;
export type MoodGrouping = (typeof MOOD_GROUPINGS)[number];

export const MOOD_MESSAGES = {
  saved: 'Thanks for checking in.',
  saveError: 'Failed to save your check-in.',
  fetchError: 'There was a problem fetching check-ins.',
  mood: 'Choose a mood from 1 to 5.',
} as const;

export const moodAnswerSchema = z.object({
  mood: z.number().int().min(MOOD_MIN, MOOD_MESSAGES.mood).max(MOOD_MAX, MOOD_MESSAGES.mood),
  hurt: z.boolean().default(false),
  jobs_id: z.number().int().positive().nullish(),
});
export type MoodAnswer = z.infer<typeof moodAnswerSchema>;

export type MoodGroup = { key: string; people: number; answers: number; average: number | null; hurt: number | null; suppressed: boolean };

/** Withholds a group's figures when fewer than MIN_GROUP people answered in it. */
export function suppressSmall(g: { key: string; people: number; answers: number; sum: number; hurt: number }): MoodGroup {
  if (g.people < MIN_GROUP) return { key: g.key, people: 0, answers: 0, average: null, hurt: null, suppressed: true };
  return {
    key: g.key,
    people: g.people,
    answers: g.answers,
    average: Math.round((g.sum / g.answers) * 100) / 100,
    hurt: g.hurt,
    suppressed: false,
  };
}
