import { GRAPH_NODE_KINDS } from '@groundwork/core/people-report';
import { Box, Link, List, ListItem, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { CompanyGraph, GraphNode } from './api';
import { detailWords, nodeName } from './graph-words';

/** The same graph as plain lists by kind, each record a link and its ties in words: for screen readers and phones. */
export function GraphList({ graph, onOpen }: { graph: CompanyGraph; onOpen: (n: GraphNode) => void }) {
  const { t } = useTranslation('people-report');
  const byId = new Map(graph.nodes.map((n) => [n.id, n]));
  const ties = (n: GraphNode) =>
    graph.edges
      .filter((e) => e.source === n.id || e.target === n.id)
      .map((e) => {
        const other = byId.get(e.source === n.id ? e.target : e.source);
        return other ? `${other.label} (${t(`graph.edge.${e.kind}`)})` : null;
      })
      .filter(Boolean)
      .join('; ');
  return (
    <Box>
      {GRAPH_NODE_KINDS.map((kind) => {
        const nodes = graph.nodes.filter((n) => n.kind === kind);
        if (!nodes.length) return null;
        const headingId = `graph-list-${kind}`;
        return (
          <Box key={kind} component="section" aria-labelledby={headingId} sx={{ mb: 2 }}>
            <Typography id={headingId} variant="h6" component="h3">
              {t(`graph.kindPlural.${kind}`)}
            </Typography>
            <List dense aria-labelledby={headingId}>
              {nodes.map((n) => {
                const detail = detailWords(t, n);
                const tied = ties(n);
                return (
                  <ListItem key={n.id} sx={{ display: 'block', px: 0 }}>
                    <Link component="button" type="button" onClick={() => onOpen(n)} aria-label={nodeName(t, n)} sx={{ textAlign: 'left' }}>
                      {n.label}
                    </Link>
                    {detail && (
                      <Typography component="span" variant="body2" color="text.secondary">
                        {` · ${detail}`}
                      </Typography>
                    )}
                    {tied && (
                      <Typography variant="body2" color="text.secondary">
                        {t('graph.ties')}: {tied}
                      </Typography>
                    )}
                  </ListItem>
                );
              })}
            </List>
          </Box>
        );
      })}
    </Box>
  );
}
