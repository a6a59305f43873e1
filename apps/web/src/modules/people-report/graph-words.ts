import type { TFunction } from 'i18next';
import type { GraphNode } from './api';

type T = TFunction<'people-report'>;

/** A node's accessible name: its label and what it is ("Luis Ortega, Person"). */
export const nodeName = (t: T, n: Pick<GraphNode, 'label' | 'kind'>) =>
  t('graph.nodeName', { label: n.label, kind: t(`graph.kind.${n.kind}`) });

const ROLES = new Set(['foreman', 'pm', 'crew']);

/** The node's second line: a person's roles, a container's tools, a tool's number, a vendor's open orders. */
export function detailWords(t: T, n: Pick<GraphNode, 'kind' | 'detail'>): string | null {
  if (!n.detail) return null;
  switch (n.kind) {
    case 'person':
      return n.detail
        .split(', ')
        .filter((r) => ROLES.has(r))
        .map((r) => t(`graph.edge.${r as 'foreman'}`))
        .join(', ');
    case 'container':
      return t('graph.detail.tools', { count: Number(n.detail) });
    case 'vendor':
      return t('graph.detail.orders', { count: Number(n.detail) });
    default:
      return n.detail;
  }
}
