import { parse } from '@0no-co/graphql.web';
import type { TadaDocumentNode } from 'gql.tada';
import { localToday } from '../../lib/dates';
import { request } from '../../lib/graphql';

/** The mood check-in (server: apps/server/src/modules/mood/mood.graphql.ts). */
function op<R, V>(source: string): TadaDocumentNode<R, V> {
  return parse(source) as unknown as TadaDocumentNode<R, V>;
}
type T = { tenant_uuid: string };
export type Mood = { mood: number; hurt: boolean; mood_date: string };

export const myMoodToday = (v: T) =>
  request(
    op<{ myMoodToday: Mood | null }, T & { today: string }>(
      'query MyMoodToday($tenant_uuid: ID!, $today: String) { myMoodToday(tenant_uuid: $tenant_uuid, today: $today) { mood hurt mood_date } }',
    ),
    { ...v, today: localToday() },
  ).then((r) => r.myMoodToday);

export type AnswerMoodVariables = T & { mood: number; hurt: boolean; today: string };
/** A field action: the prompt sends it through the offline outbox (lib/outbox). */
export const answerMoodDocument = op<{ answerMood: Mood }, AnswerMoodVariables>(
  `mutation AnswerMood($tenant_uuid: ID!, $mood: Int!, $hurt: Boolean, $today: String) {
        answerMood(tenant_uuid: $tenant_uuid, mood: $mood, hurt: $hurt, today: $today) { mood hurt mood_date } }`,
);
export const answerMood = (v: T & { mood: number; hurt: boolean }) =>
  request(answerMoodDocument, { ...v, today: localToday() }).then((r) => r.answerMood);

export const moodKey = (tenant: string) => ['mood', tenant, localToday()] as const;

export type MoodGroup = { key: string; people: number; answers: number; average: number | null; hurt: number | null; suppressed: boolean };

export const moodSummary = (v: T & { from: string; to: string; by: string }) =>
  request(
    op<{ moodSummary: MoodGroup[] }, typeof v>(
      `query MoodSummary($tenant_uuid: ID!, $from: String!, $to: String!, $by: String!) {
        moodSummary(tenant_uuid: $tenant_uuid, from: $from, to: $to, by: $by) { key people answers average hurt suppressed } }`,
    ),
    v,
  ).then((r) => r.moodSummary);
