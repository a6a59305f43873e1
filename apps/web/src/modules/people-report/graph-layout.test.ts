import { describe, expect, it } from 'vitest';
import type { GraphNode } from './api';
import { layoutGraph } from './graph-layout';

const node = (id: string, label = id): GraphNode => {
  const [kind, ref] = id.split(':');
  return { id, kind: kind as GraphNode['kind'], label, ref_id: Number(ref), detail: null };
};
const edge = (kind: string, source: string, target: string) => ({ id: `${kind}:${source}>${target}`, kind: kind as never, source, target });

describe('the graph layout', () => {
  it('puts the job in the middle, people left, vendors under the job, containers right with their tools in a grid', () => {
    const tools = Array.from({ length: 4 }, (_, i) => node(`tool:${i + 1}`));
    const placed = layoutGraph({
      nodes: [node('job:1'), node('person:2'), node('person:3'), node('container:4'), node('vendor:5'), node('container:6'), ...tools],
      edges: [
        edge('foreman', 'job:1', 'person:2'),
        edge('crew', 'job:1', 'person:3'),
        edge('at_job', 'job:1', 'container:4'),
        edge('assigned', 'person:2', 'container:6'),
        edge('orders', 'job:1', 'vendor:5'),
        ...tools.map((t, i) => edge('holds', i < 3 ? 'container:4' : 'container:6', t.id)),
      ],
    });
    const at = Object.fromEntries(placed.map((p) => [p.id, [p.x, p.y]]));
    expect(at['job:1']).toEqual([0, 0]);
    expect(at['person:2'][0]).toBeLessThan(0);
    expect(at['person:3'][1]).toBeGreaterThan(at['person:2'][1]);
    expect(at['vendor:5'][0]).toBe(0);
    expect(at['vendor:5'][1]).toBeGreaterThan(0);
    // Three tools in one row beside the first container; the second container starts on the next row.
    expect([at['tool:1'][1], at['tool:2'][1], at['tool:3'][1]]).toEqual([0, 0, 0]);
    expect(at['tool:2'][0]).toBeGreaterThan(at['tool:1'][0]);
    expect(at['container:6'][1]).toBeGreaterThan(at['container:4'][1]);
    expect(at['tool:4'][1]).toBe(at['container:6'][1]);
  });
});
