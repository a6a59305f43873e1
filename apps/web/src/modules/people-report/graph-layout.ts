import type { CompanyGraph, GraphNode } from './api';

export const NODE_WIDTH = 200;
export const NODE_HEIGHT = 52;
const ROW = 68;
const GAP = 48;
/** Columns, left to right: people, the job (its vendors under it), containers, tools. */
const X = { person: -280, job: 0, vendor: 0, container: 280, tool: 560 } as const;
/** Tools sit in a grid this many wide beside their container. */
const TOOL_COLUMNS = 3;

export type Placed = GraphNode & { x: number; y: number };

/**
 * A layered layout by hand, job by job down the page: the job in the middle column with its vendors under it, its
 * people to the left, containers to the right and their tools beyond (a grid per container). A node tied to two jobs stays where the first
 * put it. Anything left over (nothing should be) goes in a last row.
 */
export function layoutGraph(graph: Pick<CompanyGraph, 'nodes' | 'edges'>): Placed[] {
  const byId = new Map(graph.nodes.map((n) => [n.id, n]));
  const out = new Map<string, Placed>();
  const from = new Map<string, string[]>();
  for (const e of graph.edges) from.set(e.source, [...(from.get(e.source) ?? []), e.target]);
  const children = (id: string, kind: GraphNode['kind']) =>
    (from.get(id) ?? []).map((t) => byId.get(t)).filter((n): n is GraphNode => n?.kind === kind && !out.has(n.id));
  const unique = (list: GraphNode[]) => [...new Map(list.map((n) => [n.id, n])).values()];

  let top = 0;
  for (const job of graph.nodes.filter((n) => n.kind === 'job')) {
    const people = unique(children(job.id, 'person'));
    const holders = [job, ...people];
    const boxes = unique(holders.flatMap((h) => children(h.id, 'container')));
    const vendors = unique(children(job.id, 'vendor'));
    const place = (list: GraphNode[], x: number, start = top) =>
      list.forEach((n, i) => {
        out.set(n.id, { ...n, x, y: start + i * ROW });
      });
    place([job], X.job);
    place(people, X.person);
    place(vendors, X.vendor, top + ROW);
    // Each container with its tools beside it in a small grid, so a full truck stays on screen.
    let row = 0;
    for (const holder of [...boxes, ...holders]) {
      const tools = unique(children(holder.id, 'tool'));
      if (holder.kind === 'container') out.set(holder.id, { ...holder, x: X.container, y: top + row * ROW });
      else if (!tools.length) continue;
      tools.forEach((n, i) => {
        const y = top + (row + Math.floor(i / TOOL_COLUMNS)) * ROW;
        out.set(n.id, { ...n, x: X.tool + (i % TOOL_COLUMNS) * (NODE_WIDTH + 24), y });
      });
      row += Math.max(1, Math.ceil(tools.length / TOOL_COLUMNS));
    }
    const rows = Math.max(1 + vendors.length, people.length, row, 1);
    top += rows * ROW + GAP;
  }
  const rest = graph.nodes.filter((n) => !out.has(n.id));
  rest.forEach((n, i) => {
    out.set(n.id, { ...n, x: X.person + i * (NODE_WIDTH + 40), y: top });
  });
  return graph.nodes.map((n) => out.get(n.id) as Placed);
}
