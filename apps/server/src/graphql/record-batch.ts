import { msg } from '@groundwork/core/messages';
import type { InputRef, OutputRef } from '@pothos/core';
import { type RecordEvent, type Row, recordTopic } from '../platform/realtime.js';
import { builder } from './builder.js';
import type { Ctx } from './context.js';
import { notFound, recordError } from './errors.js';
import type { Gated } from './gate.js';
import { checkBatch } from './record-columns.js';

/**
 * Writes a batch one record at a time, in the caller's transaction (all or nothing): a failure names the record it
 * came from, and with `mustMatch` a write that reached no row is that record's "not found".
 */
export async function writeEach<I>(
  items: readonly I[],
  write: (item: I, index: number) => PromiseLike<unknown[]>,
  opts: { mustMatch?: boolean } = {},
): Promise<unknown[]> {
  const out: unknown[] = [];
  for (const [i, item] of items.entries()) {
    let rows: unknown[];
    try {
      rows = await write(item, i);
    } catch (e) {
      throw recordError(e, i);
    }
    if (opts.mustMatch && rows.length === 0) throw notFound(msg('record.notFound', { n: i + 1 }), { index: i });
    out.push(...rows);
  }
  return out;
}

/**
 * One batch write of DESIGN.md "API" (`createX`, `updateX`, `deleteX` taking `data: [Input!]!`): `enter` takes the
 * call through the gate with the model's rule, the batch size is checked, `write` runs in that one transaction (all
 * or nothing), and the rows it answers are announced on the model's company topic once the transaction commits.
 */
export function batchMutation<G extends Gated, Item, R extends Row>(opts: {
  name: string;
  event: RecordEvent;
  type: OutputRef<R>;
  input: InputRef<unknown>;
  enter: (ctx: Ctx, tenantUuid: string, fn: (g: G) => Promise<R[]>) => Promise<R[]>;
  write: (g: G, data: Item[]) => Promise<R[]>;
}) {
  const { name, event } = opts;
  builder.mutationField(`${event}${name}`, (t) =>
    t.field({
      type: [opts.type],
      args: { tenant_uuid: t.arg.id({ required: true }), data: t.arg({ type: [opts.input], required: true }) },
      resolve: (_root: unknown, args: { tenant_uuid: string; data: Item[] }, ctx: Ctx) =>
        opts.enter(ctx, args.tenant_uuid, async (g) => {
          checkBatch(args.data);
          const rows = await opts.write(g, args.data);
          const topic = recordTopic(name, event, g.member.tenantUuid);
          g.afterCommit(() => {
            for (const row of rows) g.ctx.realtime.publish(topic, row);
          });
          return rows;
        }),
    } as never),
  );
}
