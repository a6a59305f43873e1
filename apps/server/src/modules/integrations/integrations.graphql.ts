import { fromText } from '@groundwork/core/messages';
import type { z } from 'zod';
import { builder } from '../../graphql/builder.js';
import { AppError } from '../../graphql/errors.js';
import { type Gated, type Rule, tenantMutation } from '../../graphql/gate.js';
import { parsed } from '../../graphql/validation.js';
import type { ConnectionResult } from './integrations.oauth.js';

/**
 * The operations both QuickBooks integrations have (spec §7 <x>SystemConnection and <x>SystemApi), built from each
 * module's names, descriptions and steps. Spec §6: only admins get the integration checks, so every operation here
 * is for admin_access (every global admin holds it). Tokens never leave the server.
 */
export const ADMIN: Rule = { area: 'company', action: 'write' };

/** A payload as its schema reads it (an absent payload is an empty one), or VALIDATION naming the field. */
export const parse = <T>(schema: z.ZodType<T>, value: unknown): T => parsed(schema, value ?? {});

/** `value` when it is one of `values`, else VALIDATION with the module's message. */
function oneOf<T extends string>(values: readonly T[], value: string, message: string): T {
  if (!(values as readonly string[]).includes(value)) throw new AppError('VALIDATION', fromText(message));
  return value as T;
}

type Described = { name: string; description: string; type: { name: string; description: string } };

export function connectionMutation<Event extends string>(
  o: Described & {
    events: readonly Event[];
    badEvent: string;
    run: (g: Gated, tenant: string, event: Event, redirectUri: string | null | undefined) => Promise<ConnectionResult>;
  },
) {
  const ConnectionResultRef = builder.objectRef<ConnectionResult>(o.type.name).implement({
    description: o.type.description,
    fields: (t) => ({
      message: t.exposeString('message', { nullable: true }),
      redirect_uri: t.exposeString('redirect_uri', { nullable: true }),
    }),
  });
  tenantMutation(o.name, ADMIN, {
    type: ConnectionResultRef,
    description: o.description,
    args: (t) => ({ event_type: t.string({ required: true }), redirect_uri: t.string() }),
    resolve: (args, g) => o.run(g, args.tenant_uuid, oneOf(o.events, args.event_type, o.badEvent), args.redirect_uri),
  });
}

/** An action's answer: the message (null, 'Connected' or why not) beside its data. */
export type ApiAnswer = { message: string | null; data: unknown };

/** A step's result whose message sits among its fields, as an answer. */
export async function answer(result: Promise<{ message: string | null }>): Promise<ApiAnswer> {
  const { message, ...data } = await result;
  return { message, data };
}

export function apiMutation<Action extends string>(
  o: Described & {
    actions: readonly Action[];
    badAction: string;
    steps: Record<Action, (g: Gated, tenant: string, payload: unknown) => Promise<ApiAnswer>>;
  },
) {
  const ApiResultRef = builder.objectRef<{ action: string; message: string | null; data: unknown }>(o.type.name).implement({
    description: o.type.description,
    fields: (t) => ({
      action: t.exposeString('action'),
      message: t.exposeString('message', { nullable: true }),
      data: t.field({ type: 'JSON', nullable: true, resolve: (r) => r.data }),
    }),
  });
  tenantMutation(o.name, ADMIN, {
    type: ApiResultRef,
    description: o.description,
    args: (t) => ({ action: t.string({ required: true }), payload: t({ type: 'JSON' }) }),
    resolve: async (args, g) => {
      const action = oneOf(o.actions, args.action, o.badAction);
      return { action, ...(await o.steps[action](g, args.tenant_uuid, args.payload)) };
    },
  });
}
