import type { ChatLanguage, IsoDate } from '@groundwork/core/chatbot';
import type { z } from 'zod';
import type { Tx } from '../../db/client.js';
import type { Member } from '../../graphql/gate.js';
import type { ChatSource } from './chatbot.table.js';

/** The shapes of the chatbot's tools (chatbot.tools.ts wires them, chatbot.lookups.ts holds the read-only ones). */
export type ToolContext = { tx: Tx; member: Member; today: IsoDate; language: ChatLanguage; ties: Ties };
export type ToolResult = {
  /** The sentence the built-in engine answers with (the model writes its own from `data`). */
  text: string;
  /** What the model sees: the rows, or the refusal. */
  data: unknown;
  source: ChatSource | null;
  refused?: boolean;
  rows: number;
};
export type ChatTool<I extends z.ZodType = z.ZodType> = {
  name: string;
  description: string;
  input: I;
  allowed(member: Member): boolean;
  run(ctx: ToolContext, input: z.infer<I>): Promise<ToolResult>;
};

/** A tool with its input's type inferred from its schema, so `run` receives the parsed input without a type to spell out. */
export const chatTool = <I extends z.ZodType>(tool: ChatTool<I>): ChatTool<I> => tool;

export type Ties = { led: Set<number>; leadsAny: boolean };
