import type { BoardCard, ProjectBoard } from '@ouvrage/contracts';
import { allowedStageTransitions, stageTransitionRefusal, type ProjectStage, type Refusal } from '@ouvrage/domain';

/**
 * The board as it stands once the card moved (decision 0823): out of its column, into the target
 * column in its place by creation date (the board's order), each column's total adjusted. A card
 * that would land past the cap still counts in the total. Pure: the optimistic update and its test.
 */
export function moveCardOnBoard(board: ProjectBoard, projectId: number, to: ProjectStage): ProjectBoard {
  const from = board.columns.find((c) => c.cards.some((card) => card.id === projectId));
  const card = from?.cards.find((c) => c.id === projectId);
  if (!from || !card || from.stage === to) return board;
  const moved: BoardCard = { ...card, stage: to };
  const newestFirst = board.ordre === 'recents';
  const before = (a: BoardCard, b: BoardCard) => {
    const diff = a.created_at.localeCompare(b.created_at) || a.id - b.id;
    return newestFirst ? diff > 0 : diff < 0;
  };
  return {
    ...board,
    columns: board.columns.map((column) => {
      if (column.stage === from.stage) return { ...column, total: Math.max(0, column.total - 1), cards: column.cards.filter((c) => c.id !== projectId) };
      if (column.stage !== to) return column;
      const cards = [...column.cards];
      const at = cards.findIndex((c) => before(moved, c));
      cards.splice(at === -1 ? cards.length : at, 0, moved);
      return { ...column, total: column.total + 1, cards: cards.slice(0, Math.max(board.par_colonne, column.cards.length)) };
    }),
  };
}

/** Why the rules refuse moving the card to `to`, or null when they allow it (the same rule as the API). */
export function cardMoveRefusal(card: Pick<BoardCard, 'stage' | 'state'>, to: ProjectStage): Refusal | null {
  if (allowedStageTransitions(card.stage, card.state).includes(to)) return null;
  return stageTransitionRefusal(card.stage, to, card.state);
}
