import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdOn, tenantKeyColumns } from '../../db/columns.js';
import { tenantCascade, tenantPrimaryKey, tenantRef } from '../../db/tenant-keys.js';
import { employees } from '../employees/employees.table.js';

/** Where an answer's facts came from: the tool, a label ("from time cards, Nov 16–22"), a link, and the rows. */
export type ChatSource = {
  tool: string;
  label: string;
  link: string | null;
  rows: { label: string; value?: string | null; link?: string | null }[];
};

/** An ask-back button (issue 48): when the assistant is unsure, two or three likely readings; tapping one asks `question`. */
export type ChatChoice = { label: string; question: string };

/**
 * What an answer was about (issue 48), so a follow-up ("and tomorrow?", "what about Luis?") reuses it: the intent
 * the built-in engine read and its subject (job, person, tool, day or period). Stored on the assistant's message.
 */
export type ChatContext = {
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

/**
 * The chatbot conversation (issue 22): one per person, questions and answers in order. Clearing hides the
 * person's messages from them (cleared_on) but keeps them, with the tool calls, for the company's admins to audit.
 */
export const chatMessages = pgTable(
  'chat_messages',
  {
    ...tenantKeyColumns(),
    employees_id: integer('employees_id').notNull(),
    role: text('role').notNull(),
    body: text('body').notNull(),
    language: text('language').notNull().default('en'),
    /** 'builtin' (the intent parser) or 'model' (an OpenAI-compatible endpoint). */
    engine: text('engine'),
    sources: jsonb('sources').$type<ChatSource[]>().notNull().default([]),
    /** The read-only tools run for this answer, with their input and how many rows they gave. */
    tool_calls: jsonb('tool_calls').$type<{ tool: string; input: unknown; rows: number; refused?: boolean }[]>().notNull().default([]),
    /** Ask-back buttons offered with this answer (empty when the assistant was sure). */
    choices: jsonb('choices').$type<ChatChoice[]>().notNull().default([]),
    /** What this answer was about, for the next question's follow-up (built-in engine only). */
    context: jsonb('context').$type<ChatContext | null>(),
    cleared_on: timestamp('cleared_on', { withTimezone: true, mode: 'string' }),
    created_on: createdOn(),
  },
  (t) => [
    tenantPrimaryKey(t),
    tenantCascade(t),
    tenantRef(t, t.employees_id, employees).onDelete('cascade'),
    // A person's conversation, newest first.
    index('chat_messages_person_idx').on(t.tenant_uuid, t.employees_id, t.id),
    // The pace limit's count of a person's questions of the last minutes: a short range, however long the conversation.
    index('chat_messages_pace_idx').on(t.tenant_uuid, t.employees_id, t.created_on).where(sql`${t.role} = 'user'`),
    check('chat_messages_role_check', sql`${t.role} in ('user', 'assistant')`),
  ],
);
