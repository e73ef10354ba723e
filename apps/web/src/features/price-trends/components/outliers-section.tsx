import { useState } from 'react';
import { Badge, Button, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import type { PriceOutlier } from '@ouvrage/contracts';
import { PRICE_REFERENCE_LIMITS, splitPriceLineKey } from '@ouvrage/domain';
import { Ltr } from '../../../components/ui/bdi';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { ListScreen } from '../../../components/ui/list-screen';
import { ReasonModal } from '../../../components/ui/reason-modal';
import { ltr } from '../../../lib/bidi';
import { formatDate, formatEuros } from '../../../lib/format';
import { choiceFilter, useListQuery } from '../../../lib/list-query';
import { shortUnit } from '../../../lib/units';
import { outlierPageQuery, useOutlierExclusion } from '../api/price-outliers';
import { keyLabel } from '../model/label';

const filters = { statut: choiceFilter(['candidats', 'exclus'], 'candidats') };

/**
 * The contributions far from their line's figure (candidates) or already excluded: the admin
 * excludes one with a reason (« Écarter »), or takes it back (« Réintégrer »); the figures change
 * at the next recalculation.
 */
export function OutliersSection() {
  const { t } = useTranslation();
  const list = useListQuery({ filters, perPage: 20, query: outlierPageQuery });
  const exclusion = useOutlierExclusion();
  const [excluding, setExcluding] = useState<PriceOutlier | null>(null);
  const done = (key: 'excluded' | 'restored') =>
    notifications.show({ color: 'teal', message: t(`priceTrends.outliers.${key}`), autoClose: 4000, closeButtonProps: { 'aria-label': t('common.close') } });
  return (
    <>
      <ListScreen<typeof filters, PriceOutlier>
        list={list}
        variant="section"
        title={t('priceTrends.outliers.title')}
        emptyText={t(`priceTrends.outliers.empty.${list.values.statut}`)}
        filters={[
          {
            type: 'segmented',
            name: 'statut',
            label: t('priceTrends.outliers.status'),
            options: [
              { value: 'candidats', label: t('priceTrends.outliers.candidates') },
              { value: 'exclus', label: t('priceTrends.outliers.excludedList') },
            ],
            testId: 'price-outliers-status',
          },
        ]}
        data-testid="price-outliers"
        table={{
          rowKey: (o) => o.id,
          minWidth: 900,
          rowProps: (o) => ({ 'data-testid': `price-outlier-${o.id}` }),
          columns: [
            {
              key: 'line',
              header: t('priceTrends.outliers.line'),
              card: 'title',
              cell: (o) => (
                <Stack gap={2} style={{ overflowWrap: 'anywhere' }}>
                  <Text size="sm" fw={600}>
                    <bdi>{keyLabel(o.label)}</bdi>
                  </Text>
                  <Text size="xs" c="dimmed">
                    {t('priceTrends.outliers.lotUnit', {
                      lot: keyLabel(splitPriceLineKey(o.line_key).lot) || t('priceTrends.noLot'),
                      unit: shortUnit(t, o.unit),
                    })}
                  </Text>
                </Stack>
              ),
            },
            {
              key: 'price',
              header: t('priceTrends.outliers.price'),
              card: 'figure',
              nowrap: true,
              align: 'end',
              cell: (o) => (
                <Stack gap={0} align="flex-end">
                  <Text size="sm" fw={600}>
                    <Ltr>{formatEuros(o.unit_price_cents)}</Ltr>
                  </Text>
                  <Text size="xs" c="dimmed">
                    {t('priceTrends.outliers.median')} <Ltr>{o.median_cents === null ? '—' : formatEuros(o.median_cents)}</Ltr>
                  </Text>
                </Stack>
              ),
            },
            {
              key: 'status',
              header: t('priceTrends.outliers.status'),
              card: 'badge',
              nowrap: true,
              cell: (o) => (
                <Badge
                  color={o.excluded_at ? 'gray' : 'orange'}
                  variant="light"
                  style={{ textTransform: 'none', flexShrink: 0, overflow: 'visible' }}
                  styles={{ label: { overflow: 'visible', textOverflow: 'clip' } }}
                  data-testid="price-outlier-status"
                >
                  {t(o.excluded_at ? 'priceTrends.outliers.excludedBadge' : 'priceTrends.outliers.candidateBadge')}
                </Badge>
              ),
            },
            {
              key: 'quote',
              header: t('priceTrends.outliers.quote'),
              card: 'detail',
              cell: (o) => (
                <Stack gap={0}>
                  <Text size="sm">
                    <Ltr>{o.quote_number ?? `#${o.quote_id}`}</Ltr>
                  </Text>
                  <Text size="sm">
                    <bdi>{o.issuer_name}</bdi>
                  </Text>
                  <Text size="xs" c="dimmed">
                    {t('priceTrends.outliers.sentIn', { date: ltr(formatDate(o.sent_on)), departement: o.departement })}
                  </Text>
                </Stack>
              ),
            },
            {
              key: 'reason',
              header: t('priceTrends.outliers.reason'),
              card: 'detail',
              cell: (o) =>
                o.exclusion_reason ? (
                  <Text size="sm" dir="auto" style={{ overflowWrap: 'anywhere' }} data-testid="price-outlier-reason">
                    {o.exclusion_reason}
                  </Text>
                ) : (
                  '—'
                ),
            },
            {
              key: 'action',
              header: t('priceTrends.outliers.action'),
              card: 'action',
              nowrap: true,
              cell: (o) =>
                o.excluded_at ? (
                  <Button
                    size="xs"
                    variant="default"
                    loading={exclusion.isPending && exclusion.variables?.id === o.id}
                    onClick={() => exclusion.mutate({ id: o.id }, { onSuccess: () => done('restored') })}
                    aria-label={t('priceTrends.outliers.restoreLabel', { line: keyLabel(o.label) })}
                    data-testid="price-outlier-restore"
                  >
                    {t('priceTrends.outliers.restore')}
                  </Button>
                ) : (
                  <Button
                    size="xs"
                    color="red"
                    variant="light"
                    onClick={() => {
                      exclusion.reset();
                      setExcluding(o);
                    }}
                    aria-label={t('priceTrends.outliers.excludeLabel', { line: keyLabel(o.label) })}
                    data-testid="price-outlier-exclude"
                  >
                    {t('priceTrends.outliers.exclude')}
                  </Button>
                ),
            },
          ],
        }}
      >
        <Text size="sm" c="dimmed">
          {t('priceTrends.outliers.intro')}
        </Text>
        <ErrorAlert error={excluding ? null : exclusion.error} />
      </ListScreen>
      <ReasonModal
        key={excluding?.id ?? 'none'}
        opened={!!excluding}
        onClose={() => setExcluding(null)}
        title={t('priceTrends.outliers.excludeTitle')}
        label={t('priceTrends.outliers.reasonLabel')}
        description={t('priceTrends.outliers.reasonHelp')}
        min={3}
        max={PRICE_REFERENCE_LIMITS.reason}
        tooShortMessage={t('priceTrends.outliers.reasonTooShort')}
        required
        confirmLabel={t('priceTrends.outliers.exclude')}
        onConfirm={(reason) =>
          excluding &&
          exclusion.mutate(
            { id: excluding.id, reason },
            {
              onSuccess: () => {
                setExcluding(null);
                done('excluded');
              },
            },
          )
        }
        pending={exclusion.isPending}
        error={excluding ? exclusion.error : null}
        onEdit={() => exclusion.reset()}
        testId="price-exclusion"
      >
        {excluding && (
          <Text size="sm">
            {t('priceTrends.outliers.excludeIntro', { line: keyLabel(excluding.label), price: ltr(formatEuros(excluding.unit_price_cents)) })}
          </Text>
        )}
      </ReasonModal>
    </>
  );
}
