import '@xyflow/react/dist/style.css';
import { ButtonBase, Typography } from '@mui/material';
import { alpha, useTheme } from '@mui/material/styles';
import { Background, Controls, type Edge, Handle, type Node, type NodeProps, Position, ReactFlow } from '@xyflow/react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { CompanyGraph, GraphNode } from './api';
import { layoutGraph, NODE_HEIGHT, NODE_WIDTH } from './graph-layout';
import { detailWords } from './graph-words';

type RecordData = { node: GraphNode; kind: string; detail: string | null; onOpen: (n: GraphNode) => void };
type RecordNode = Node<RecordData, 'record'>;

const SIDES = [
  ['l', Position.Left],
  ['r', Position.Right],
  ['t', Position.Top],
  ['b', Position.Bottom],
] as const;
const hidden = { opacity: 0, pointerEvents: 'none' as const };

/** A node is a button: keyboard reachable, named by its label and kind, and it opens the record. */
function RecordButton({ data }: NodeProps<RecordNode>) {
  const theme = useTheme();
  const colour = {
    job: theme.palette.primary.main,
    person: theme.palette.success.main,
    container: theme.palette.warning.main,
    tool: theme.palette.info.main,
    vendor: theme.palette.secondary.main,
  }[data.node.kind];
  return (
    <>
      {SIDES.map(([id, position]) => (
        <Handle key={`s${id}`} id={`s${id}`} type="source" position={position} isConnectable={false} style={hidden} />
      ))}
      {SIDES.map(([id, position]) => (
        <Handle key={`t${id}`} id={`t${id}`} type="target" position={position} isConnectable={false} style={hidden} />
      ))}
      <ButtonBase
        className="nodrag nopan"
        onClick={() => data.onOpen(data.node)}
        sx={{
          width: NODE_WIDTH,
          height: NODE_HEIGHT,
          px: 1.5,
          display: 'flex',
          flexDirection: 'column',
          alignItems: 'flex-start',
          justifyContent: 'center',
          textAlign: 'left',
          borderRadius: 1,
          border: 2,
          borderColor: colour,
          bgcolor: alpha(colour, 0.08),
          color: 'text.primary',
          '&:focus-visible': { outline: `3px solid ${theme.palette.text.primary}`, outlineOffset: 2 },
        }}
      >
        {/* The name first, then what it is: the button's name is its visible text ("Luis Ortega Person · foreman"). */}
        <Typography variant="body2" sx={{ width: '100%', fontWeight: 500 }} noWrap>
          {data.node.label}
        </Typography>
        {/* The kind's colour is on the border; the words stay in the text colour for contrast on every theme. */}
        <Typography variant="caption" sx={{ color: 'text.secondary', fontWeight: 600, lineHeight: 1.2, width: '100%' }} noWrap>
          {data.kind}
          {data.detail ? ` · ${data.detail}` : ''}
        </Typography>
      </ButtonBase>
    </>
  );
}

const nodeTypes = { record: RecordButton };

/** The graph drawn with React Flow (loaded only when the graph view opens). */
export default function GraphCanvas({ graph, onOpen }: { graph: CompanyGraph; onOpen: (n: GraphNode) => void }) {
  const { t } = useTranslation('people-report');
  const theme = useTheme();
  const { nodes, edges } = useMemo(() => {
    const placed = layoutGraph(graph);
    const at = new Map(placed.map((p) => [p.id, p]));
    const nodes: RecordNode[] = placed.map((p) => ({
      id: p.id,
      type: 'record',
      position: { x: p.x, y: p.y },
      width: NODE_WIDTH,
      height: NODE_HEIGHT,
      // React Flow lets clicks through to the pane when nodes are neither draggable nor selectable; ours are buttons.
      style: { pointerEvents: 'all' },
      data: {
        node: p,
        kind: t(`graph.kind.${p.kind}`),
        detail: detailWords(t, p),
        onOpen,
      },
    }));
    const edges: Edge[] = graph.edges.map((e) => {
      const s = at.get(e.source);
      const d = at.get(e.target);
      const [from, to] = !s || !d || s.x === d.x ? ['b', 't'] : d.x < s.x ? ['l', 'r'] : ['r', 'l'];
      return {
        id: e.id,
        source: e.source,
        target: e.target,
        sourceHandle: `s${from}`,
        targetHandle: `t${to}`,
        type: 'smoothstep',
        ariaLabel: t(`graph.edge.${e.kind}`),
        style: { stroke: theme.palette.text.secondary },
      };
    });
    return { nodes, edges };
  }, [graph, onOpen, t, theme]);
  return (
    <ReactFlow
      aria-label={t('graph.canvas')}
      nodes={nodes}
      edges={edges}
      nodeTypes={nodeTypes}
      fitView
      minZoom={0.2}
      nodesDraggable={false}
      nodesConnectable={false}
      nodesFocusable={false}
      edgesFocusable={false}
      elementsSelectable={false}
      proOptions={{ hideAttribution: false }}
      colorMode={theme.palette.mode}
    >
      <Background />
      <Controls showInteractive={false} />
    </ReactFlow>
  );
}
