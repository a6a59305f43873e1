import { asc } from 'drizzle-orm';
import { builder } from '../../graphql/builder.js';
import { unauthenticated } from '../../graphql/errors.js';
import { apprenticeshipRequirementsTemplate, staticListItems, staticStates } from './staticdata.table.js';

type StaticData = {
  states: { code: string; name: string }[];
  trades: string[];
  requirement_categories: string[];
  apprenticeship_requirements_template: { category: string; title: string; hours: number }[];
  scheduled_event_types: string[];
};

const StaticStateRef = builder.objectRef<StaticData['states'][number]>('StaticState').implement({
  fields: (t) => ({ code: t.exposeString('code'), name: t.exposeString('name') }),
});

const ApprenticeshipRequirementRef = builder
  .objectRef<StaticData['apprenticeship_requirements_template'][number]>('ApprenticeshipRequirement')
  .implement({
    fields: (t) => ({ category: t.exposeString('category'), title: t.exposeString('title'), hours: t.exposeInt('hours') }),
  });

const StaticDataRef = builder.objectRef<StaticData>('StaticData').implement({
  fields: (t) => ({
    states: t.field({ type: [StaticStateRef], resolve: (d) => d.states }),
    trades: t.exposeStringList('trades'),
    requirement_categories: t.exposeStringList('requirement_categories'),
    apprenticeship_requirements_template: t.field({
      type: [ApprenticeshipRequirementRef],
      resolve: (d) => d.apprenticeship_requirements_template,
    }),
    scheduled_event_types: t.exposeStringList('scheduled_event_types'),
  }),
});

builder.queryField('listStaticData', (t) =>
  t.field({
    type: StaticDataRef,
    description:
      'Product-wide lists (states, trades, requirement categories, the apprenticeship template, event types); needs a session, not a company.',
    resolve: async (_root, _args, ctx) => {
      const identity = ctx.session?.sub;
      if (!identity) throw unauthenticated();
      return ctx.gate.asIdentity(identity, async (tx) => {
        const states = (await tx.select().from(staticStates)).sort((a, b) => a.name.localeCompare(b.name, 'en'));
        const items = await tx.select().from(staticListItems).orderBy(asc(staticListItems.list), asc(staticListItems.position));
        const template = await tx.select().from(apprenticeshipRequirementsTemplate).orderBy(asc(apprenticeshipRequirementsTemplate.id));
        const list = (name: string) => items.filter((i) => i.list === name).map((i) => i.value);
        return {
          states,
          trades: list('trades'),
          requirement_categories: list('requirement_categories'),
          apprenticeship_requirements_template: template.map(({ category, title, hours }) => ({ category, title, hours })),
          scheduled_event_types: list('scheduled_event_types'),
        };
      });
    },
  }),
);
