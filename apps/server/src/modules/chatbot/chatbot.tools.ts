import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import type { Member } from '../../graphql/gate.js';
import { jobsForemen, jobsPms } from '../jobs/jobs.table.js';
import { refuse } from './chatbot.kit.js';
import { TIME_TOOLS } from './chatbot.lookups.js';
import { JOB_TOOLS } from './chatbot.lookups-jobs.js';
import { RECORD_TOOLS } from './chatbot.lookups-records.js';
import type { ChatTool, Ties, ToolContext, ToolResult } from './chatbot.tool-types.js';
import { say } from './chatbot.words.js';

/**
 * The chatbot's read-only tools (issue 22). Each runs as the asker, inside the tenant gate's walled transaction,
 * and decides itself what the asker may see, so neither the built-in parser nor a model (nor text in the data
 * telling it to) can widen it: a tool the asker's permissions do not reach is not offered, and a question
 * about records they could not open is refused with a sentence, never answered with data.
 */

export type { Ties, ToolContext, ToolResult } from './chatbot.tool-types.js';

/** The jobs the asker runs (foreman or PM): where they see the crew's schedule and hours. */
export async function tiesOf(tx: Tx, member: Member): Promise<Ties> {
  const t = member.tenantUuid;
  const rows = await tx
    .select({ id: jobsForemen.jobs_id })
    .from(jobsForemen)
    .where(and(eq(jobsForemen.tenant_uuid, t), eq(jobsForemen.employees_id, member.employeeId)))
    .union(
      tx
        .select({ id: jobsPms.jobs_id })
        .from(jobsPms)
        .where(and(eq(jobsPms.tenant_uuid, t), eq(jobsPms.employees_id, member.employeeId))),
    );
  const led = new Set(rows.map((r) => r.id));
  return { led, leadsAny: led.size > 0 };
}

const CHAT_TOOLS = [...TIME_TOOLS, ...JOB_TOOLS, ...RECORD_TOOLS] as unknown as ChatTool[];
/** The tools the asker's permissions reach (the others are neither offered nor run). */
export const toolsFor = (member: Member) => CHAT_TOOLS.filter((tool) => tool.allowed(member));

/** Runs a tool by name with validated input, or refuses (unknown, not allowed, bad input). */
export async function runTool(ctx: ToolContext, name: string, input: unknown): Promise<ToolResult> {
  const tool = toolsFor(ctx.member).find((t) => t.name === name);
  if (!tool) return refuse(say(ctx.language, 'notAllowed'));
  const parsed = tool.input.safeParse(input);
  if (!parsed.success) return refuse(say(ctx.language, 'badInput'));
  return tool.run(ctx, parsed.data);
}
