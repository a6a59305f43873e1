import type { BoardPerson } from '../api/scheduling';
import type { Chip } from './staging';

/** What a drag on the board carries: one person from the panel, one planned chip, or a whole crew of a cell. */
export type DragData =
  | { kind: 'person'; person: BoardPerson }
  | { kind: 'chip'; chip: Chip }
  | { kind: 'crew'; chips: Chip[]; label: string };
/** What a board cell offers as a drop target. */
export type DropData = { jobs_id: number; date: string; label: string };
/** The place dialog's state: who goes (or which chip moves), to which job, on which days. */
export type Place = { people: BoardPerson[]; move?: Chip; job: number | ''; dates: string[] };

export const cellId = (job: number, date: string) => `cell:${job}:${date}`;

/** How a dragged card or chip follows the pointer: faded, moved by the drag, and above its neighbours. */
export const draggingSx = (transform: { x: number; y: number } | null, isDragging: boolean) => ({
  opacity: isDragging ? 0.6 : 1,
  transform: transform ? `translate3d(${transform.x}px, ${transform.y}px, 0)` : undefined,
  position: 'relative' as const,
  zIndex: isDragging ? 10 : undefined,
});
