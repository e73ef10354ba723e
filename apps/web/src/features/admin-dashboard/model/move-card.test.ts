import { describe, expect, it } from 'vitest';
import type { BoardCard, ProjectBoard } from '@ouvrage/contracts';
import { PROJECT_STAGES } from '@ouvrage/domain';
import { cardMoveRefusal, moveCardOnBoard } from './move-card';

const card = (id: number, stage: BoardCard['stage'], created: string, state: BoardCard['state'] = 'Validé'): BoardCard => ({
  id,
  client_name: 'Julie Bernard',
  postcode: '69003',
  city: 'Lyon',
  category_name: 'Rénovation',
  bien_name: 'Maison',
  state,
  stage,
  created_at: created,
  updated_at: created,
});

function board(ordre: 'anciens' | 'recents' = 'anciens', perColumn = 3): ProjectBoard {
  return {
    par_colonne: perColumn,
    ordre,
    columns: PROJECT_STAGES.map((stage) => ({ stage, total: 0, total_capped: false, cards: [] as BoardCard[] })).map((c) =>
      c.stage === 'Étude'
        ? { ...c, total: 1, cards: [card(1, 'Étude', '2026-05-01T00:00:00Z')] }
        : c.stage === 'Conception'
          ? { ...c, total: 5, cards: [card(2, 'Conception', '2026-04-01T00:00:00Z'), card(3, 'Conception', '2026-06-01T00:00:00Z')] }
          : c,
    ),
  };
}

describe('moveCardOnBoard', () => {
  it('takes the card out of its column and puts it in its place by date in the target, totals adjusted', () => {
    const moved = moveCardOnBoard(board(), 1, 'Conception');
    const etude = moved.columns.find((c) => c.stage === 'Étude')!;
    const conception = moved.columns.find((c) => c.stage === 'Conception')!;
    expect(etude).toMatchObject({ total: 0, cards: [] });
    expect(conception.total).toBe(6);
    expect(conception.cards.map((c) => [c.id, c.stage])).toEqual([
      [2, 'Conception'],
      [1, 'Conception'],
      [3, 'Conception'],
    ]);
  });

  it('keeps a full column at its cap: the card past it is still counted', () => {
    const conception = moveCardOnBoard(board('anciens', 2), 1, 'Conception').columns[1];
    expect(conception.cards.map((c) => c.id)).toEqual([2, 1]);
    expect(conception.total).toBe(6);
  });

  it('follows the newest-first order, and leaves the board alone for an unknown card or the same stage', () => {
    const b = board('recents');
    b.columns[1].cards.reverse();
    expect(moveCardOnBoard(b, 1, 'Conception').columns[1].cards.map((c) => c.id)).toEqual([3, 1, 2]);
    expect(moveCardOnBoard(b, 99, 'Travaux')).toBe(b);
    expect(moveCardOnBoard(b, 1, 'Étude')).toBe(b);
  });
});

describe('cardMoveRefusal', () => {
  it('allows any later stage of an open project and refuses going back or a closed project, with the rule’s code', () => {
    expect(cardMoveRefusal(card(1, 'Conception', ''), 'Travaux')).toBeNull();
    expect(cardMoveRefusal(card(1, 'Conception', ''), 'Étude')).toMatchObject({ code: 'STAGE_BACKWARDS' });
    expect(cardMoveRefusal(card(1, 'Conception', '', 'Terminé'), 'Travaux')).toMatchObject({ code: 'STAGE_FINAL' });
  });
});
