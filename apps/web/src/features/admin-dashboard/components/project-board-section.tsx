import { useEffect, useRef, useState, type DragEvent } from 'react';
import { Alert, Anchor, Badge, Button, Card, Group, Loader, Menu, Paper, ScrollArea, Select, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { BoardCard } from '@ouvrage/contracts';
import { BOARD_ORDERS, PROJECT_STAGES, type BoardOrder, type ProjectStage, type Refusal } from '@ouvrage/domain';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { ltr } from '../../../lib/bidi';
import { formatDate, formatNumber } from '../../../lib/format';
import { useErrorMessage } from '../../../lib/use-error-message';
import { useMoveCard, useProjectBoard } from '../api/project-board';
import { cardMoveRefusal } from '../model/move-card';
import { useCatalogLabels, type CatalogLabeler } from '../../catalog';
import { Ltr } from '../../../components/ui/bdi';

/** A column's count, « 1 000+ » past the API's cap (decision 0825). */
const columnTotal = (column: { total: number; total_capped: boolean }) => `${formatNumber(column.total)}${column.total_capped ? '+' : ''}`;

/**
 * The board of open projects by stage (issue 12, decision 0823). A card moves to a later stage by
 * dragging it with the mouse (native drag and drop) or with its « Déplacer » menu from the
 * keyboard; the move shows at once, goes back on a refusal, and a live region says what happened.
 * Moves the rules refuse (backwards) are refused here with the rule's own message.
 */
export default function ProjectBoardSection() {
  const { t, i18n } = useTranslation();
  const errorMessage = useErrorMessage();
  // Category and good in the reader's language, read once for every card.
  const catalog = useCatalogLabels();
  const [order, setOrder] = useState<BoardOrder>('anciens');
  const board = useProjectBoard(order);
  const move = useMoveCard(order);
  const [announce, setAnnounce] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [dragged, setDragged] = useState<BoardCard | null>(null);
  const [over, setOver] = useState<ProjectStage | null>(null);
  const focusAfterMove = useRef<number | null>(null);
  const stageLabel = (stage: string) => t(`projects.stages.${stage}`);

  const refusalText = (refusal: Refusal) => {
    if (i18n.language === 'fr') return refusal.message;
    const params: Record<string, string | number> = { ...refusal.params };
    for (const key of ['from', 'to'] as const) if (typeof params[key] === 'string') params[key] = stageLabel(params[key] as string);
    if (typeof params.state === 'string') params.state = t(`projects.states.${params.state}`);
    return t(`errors.${refusal.code}`, params);
  };

  const tryMove = (card: BoardCard, to: ProjectStage, fromKeyboard: boolean) => {
    if (card.stage === to) return;
    const refusal = cardMoveRefusal(card, to);
    if (refusal) {
      const text = t('adminDashboard.board.refused', { id: card.id, reason: refusalText(refusal) });
      setProblem(text);
      setAnnounce(text);
      return;
    }
    setProblem(null);
    setAnnounce(t('adminDashboard.board.moving', { id: card.id, stage: stageLabel(to) }));
    if (fromKeyboard) focusAfterMove.current = card.id;
    move.mutate(
      { projectId: card.id, to },
      {
        onSuccess: () => setAnnounce(t('adminDashboard.board.moved', { id: card.id, stage: stageLabel(to) })),
        onError: (error) => {
          const text = t('adminDashboard.board.refused', { id: card.id, reason: errorMessage(error) });
          setProblem(text);
          setAnnounce(text);
        },
      },
    );
  };

  // A card moved from the keyboard keeps the focus in its new column.
  useEffect(() => {
    const id = focusAfterMove.current;
    if (id === null) return;
    const button = document.querySelector<HTMLButtonElement>(`[data-card-id="${id}"] [data-move-button]`);
    if (button) {
      button.focus();
      focusAfterMove.current = null;
    }
  }, [board.data]);

  const onDragOver = (stage: ProjectStage) => (event: DragEvent) => {
    if (!dragged || dragged.stage === stage) return;
    event.preventDefault();
    // Dropped on a refused stage, the card stays and the rule's message says why (a « none » effect would drop silently).
    event.dataTransfer.dropEffect = 'move';
    if (over !== stage) setOver(stage);
  };
  const onDrop = (stage: ProjectStage) => (event: DragEvent) => {
    event.preventDefault();
    const card = dragged;
    setDragged(null);
    setOver(null);
    if (card) tryMove(card, stage, false);
  };

  return (
    <Stack gap="sm" data-testid="project-board">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Title order={2} size="h4">
          {t('adminDashboard.board.title')}
        </Title>
        <Select
          w={220}
          label={t('adminDashboard.board.order')}
          value={order}
          onChange={(v) => v && setOrder(v as BoardOrder)}
          allowDeselect={false}
          data={BOARD_ORDERS.map((o) => ({ value: o, label: t(`adminDashboard.board.orders.${o}`) }))}
        />
      </Group>
      <Text size="sm" c="dimmed">
        {t('adminDashboard.board.help')}
      </Text>
      <VisuallyHidden>
        <div role="status" aria-live="polite" data-testid="board-announce">
          {announce}
        </div>
      </VisuallyHidden>
      {problem && (
        <Alert
          color="red"
          variant="light"
          role="alert"
          withCloseButton
          closeButtonLabel={t('common.close')}
          onClose={() => setProblem(null)}
          data-testid="board-problem"
        >
          {problem}
        </Alert>
      )}
      <ErrorAlert error={board.error} />
      {board.isPending && <Loader aria-label={t('common.loading')} />}
      {board.data && (
        <ScrollArea type="auto" offsetScrollbars>
          <Group wrap="nowrap" align="stretch" gap="sm" pb="xs">
            {board.data.columns.map((column, index) => {
              const refusedHere = dragged && dragged.stage !== column.stage ? cardMoveRefusal(dragged, column.stage) : null;
              const target = dragged && dragged.stage !== column.stage;
              return (
                <Paper
                  key={column.stage}
                  component="section"
                  aria-label={t('adminDashboard.board.columnLabel', { stage: stageLabel(column.stage), total: columnTotal(column) })}
                  data-testid={`board-column-${index}`}
                  data-stage={column.stage}
                  withBorder
                  p="xs"
                  w={250}
                  miw={250}
                  bg={over === column.stage ? (refusedHere ? 'red.0' : 'teal.0') : target && !refusedHere ? 'gray.0' : undefined}
                  style={{ outline: over === column.stage ? `2px dashed var(--mantine-color-${refusedHere ? 'red' : 'teal'}-7)` : undefined }}
                  onDragOver={onDragOver(column.stage)}
                  onDragLeave={() => setOver((s) => (s === column.stage ? null : s))}
                  onDrop={onDrop(column.stage)}
                >
                  <Group justify="space-between" wrap="nowrap" mb="xs" gap={4}>
                    <Title order={3} size="h6">
                      {stageLabel(column.stage)}
                    </Title>
                    <Badge variant="light" color="gray" style={{ flex: 'none' }}>
                      {t('adminDashboard.board.count', { shown: column.cards.length, total: ltr(columnTotal(column)) })}
                    </Badge>
                  </Group>
                  {column.cards.length === 0 ? (
                    <Text size="sm" c="dimmed" ta="center" py="md">
                      {target && !refusedHere ? t('adminDashboard.board.dropHere') : t('adminDashboard.board.empty')}
                    </Text>
                  ) : (
                    <Stack gap="xs" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
                      {column.cards.map((card) => (
                        <li key={card.id}>
                          <BoardCardView
                            card={card}
                            catalog={catalog}
                            dragging={dragged?.id === card.id}
                            onDragStart={() => setDragged(card)}
                            onDragEnd={() => {
                              setDragged(null);
                              setOver(null);
                            }}
                            onMove={(to) => tryMove(card, to, true)}
                            refusalText={refusalText}
                          />
                        </li>
                      ))}
                    </Stack>
                  )}
                </Paper>
              );
            })}
          </Group>
        </ScrollArea>
      )}
    </Stack>
  );
}

function BoardCardView({
  card,
  catalog,
  dragging,
  onDragStart,
  onDragEnd,
  onMove,
  refusalText,
}: {
  card: BoardCard;
  catalog: CatalogLabeler;
  dragging: boolean;
  onDragStart: () => void;
  onDragEnd: () => void;
  onMove: (to: ProjectStage) => void;
  refusalText: (refusal: Refusal) => string;
}) {
  const { t } = useTranslation();
  return (
    <Card
      withBorder
      padding="xs"
      draggable
      data-card-id={card.id}
      data-testid={`board-card-${card.id}`}
      onDragStart={(event: DragEvent) => {
        event.dataTransfer.setData('text/plain', String(card.id));
        event.dataTransfer.effectAllowed = 'move';
        onDragStart();
      }}
      onDragEnd={onDragEnd}
      style={{ cursor: 'grab', opacity: dragging ? 0.5 : 1 }}
    >
      <Group justify="space-between" wrap="nowrap" gap={4} align="flex-start">
        <Anchor component={Link} to={`/single-projet/${card.id}`} fw={600} size="sm" draggable={false}>
          {t('adminDashboard.board.card', { id: card.id })}
        </Anchor>
        <Badge size="xs" variant="light" style={{ flex: 'none' }}>
          {t(`projects.states.${card.state}`)}
        </Badge>
      </Group>
      <Text size="sm" lineClamp={1}>
        {card.client_name}
      </Text>
      <Text size="xs" c="dimmed" lineClamp={1}>
        {catalog.category(card.category_name)} — {catalog.bien(card.bien_name)}
      </Text>
      <Text size="xs" c="dimmed" lineClamp={1}>
        <Ltr>{`${card.postcode} ${card.city}`}</Ltr> · <Ltr>{formatDate(card.created_at)}</Ltr>
      </Text>
      <Menu position="bottom-start" withinPortal>
        <Menu.Target>
          <Button size="compact-xs" variant="light" mt={6} data-move-button aria-label={t('adminDashboard.board.moveLabel', { id: card.id })}>
            {t('adminDashboard.board.move')}
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          {PROJECT_STAGES.filter((s) => s !== card.stage).map((stage) => {
            const refusal = cardMoveRefusal(card, stage);
            // A move the rules refuse says why under its label (issue 36 §6), not just « non autorisé ».
            return (
              <Menu.Item key={stage} disabled={refusal !== null} onClick={() => onMove(stage)} maw={320}>
                {t('adminDashboard.board.moveTo', { stage: t(`projects.stages.${stage}`) })}
                {refusal && (
                  <Text size="xs" c="dimmed" data-testid="move-refusal">
                    {refusalText(refusal)}
                  </Text>
                )}
              </Menu.Item>
            );
          })}
        </Menu.Dropdown>
      </Menu>
    </Card>
  );
}
