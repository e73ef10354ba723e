import { useState } from 'react';
import { Button, Card, Group, NumberInput, Select, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { avenantBody, type AvenantBody, type AvenantView, type QuoteAvenants } from '@ouvrage/contracts';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { formSchema } from '../../../lib/forms/form-schema';
import { useContractForm } from '../../../lib/forms/use-contract-form';
import { emptyLine, LineRow, type DraftLine } from '../../quote-editor';
import { createAvenant, updateAvenant, useInvalidateAvenants } from '../api/avenants';

const SCHEMA = formSchema(avenantBody);
const NEW_LOT = 'new';

interface LotRow {
  key: string;
  /** The contract's lot index as text, or `new`. */
  target: string;
  title: string;
  lines: DraftLine[];
}
interface Values {
  title: string;
  reason: string;
  delay_days: number | null;
  lots: LotRow[];
}

let keys = 0;
const nextKey = () => `avenant-lot-${++keys}`;

const toBody = (v: Values): AvenantBody => ({
  title: v.title,
  reason: v.reason,
  delay_days: v.delay_days,
  lots: v.lots.map((lot) => ({
    lot_index: lot.target === NEW_LOT ? null : Number(lot.target),
    title: lot.target === NEW_LOT ? lot.title : '',
    lines: lot.lines.map((l) => ({
      designation: l.designation,
      quantity_milli: l.quantity_milli ?? 0,
      unit: l.unit,
      unit_price_cents: l.unit_price_cents ?? 0,
      tva_rate_bp: l.tva_rate_bp,
      discount_bp: l.discount_bp,
    })),
  })),
});

function valuesOf(avenant: AvenantView | null): Values {
  if (!avenant) return { title: '', reason: '', delay_days: null, lots: [{ key: nextKey(), target: '0', title: '', lines: [emptyLine()] }] };
  return {
    title: avenant.title,
    reason: avenant.reason,
    delay_days: avenant.delay_days,
    lots: avenant.lots.map((lot) => ({
      key: nextKey(),
      target: lot.lot_index === null ? NEW_LOT : String(lot.lot_index),
      title: lot.lot_index === null ? lot.title : '',
      lines: lot.lines.map((l) => ({
        ...emptyLine(),
        designation: l.designation,
        quantity_milli: l.quantity_milli,
        unit: l.unit as DraftLine['unit'],
        unit_price_cents: l.unit_price_cents,
        tva_rate_bp: l.tva_rate_bp as DraftLine['tva_rate_bp'],
        discount_bp: l.discount_bp,
      })),
    })),
  };
}

/**
 * « Nouvel avenant » (decision 1220): lines added to a lot of the contract or to a new lot, lines
 * removed or reduced with a negative quantity, with the quote editor's line rows. Saved as a draft;
 * the list sends it.
 */
export function AvenantEditor({ data, avenant, onClose }: { data: QuoteAvenants; avenant: AvenantView | null; onClose: () => void }) {
  const { t } = useTranslation();
  const invalidate = useInvalidateAvenants();
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const form = useContractForm<Values>({ initialValues: valuesOf(avenant), schema: SCHEMA, toBody, serverError: error });
  const { lots } = form.getValues();
  const targets = [
    ...data.lots.map((lot) => ({ value: String(lot.index), label: t('avenants.editor.existingLot', { n: lot.index + 1, title: lot.title }) })),
    { value: NEW_LOT, label: t('avenants.editor.newLot') },
  ];

  const submit = form.onSubmit(async (values) => {
    setError(null);
    setBusy(true);
    try {
      if (avenant) await updateAvenant(avenant.id, toBody(values));
      else await createAvenant(data.quote_id, toBody(values));
      await invalidate();
      onClose();
    } catch (e) {
      setError(e);
    } finally {
      setBusy(false);
    }
  });

  return (
    <Card withBorder padding="md" data-testid="avenant-editor">
      <Stack gap="sm">
        <Text size="sm">{t('avenants.editor.intro')}</Text>
        <TextInput label={t('avenants.editor.title')} required maxLength={200} dir="auto" {...form.getInputProps('title')} data-testid="avenant-title" />
        <Textarea label={t('avenants.editor.reason')} autosize minRows={2} maxLength={2000} dir="auto" {...form.getInputProps('reason')} />
        <NumberInput
          label={t('avenants.editor.delay')}
          description={t('avenants.editor.delayHelp')}
          allowDecimal={false}
          w={260}
          {...form.getInputProps('delay_days')}
        />
        {lots.map((lot, i) => (
          <Card withBorder key={lot.key} padding="sm" data-testid={`avenant-lot-${i}`}>
            <Stack gap="xs">
              <Group align="flex-end" wrap="wrap">
                <Select
                  label={t('avenants.editor.lot')}
                  data={targets}
                  allowDeselect={false}
                  {...form.getInputProps(`lots.${i}.target`)}
                  data-testid={`avenant-lot-target-${i}`}
                />
                {lot.target === NEW_LOT && (
                  <TextInput
                    label={t('avenants.editor.lotTitle')}
                    required
                    maxLength={120}
                    dir="auto"
                    {...form.getInputProps(`lots.${i}.title`)}
                    data-testid={`avenant-lot-title-${i}`}
                  />
                )}
                <Button variant="subtle" color="red" onClick={() => form.removeListItem('lots', i)}>
                  {t('avenants.editor.removeLot')}
                </Button>
              </Group>
              {lot.lines.map((line, j) => (
                <LineRow
                  key={line.key}
                  avenant
                  line={line}
                  position={j + 1}
                  count={lot.lines.length}
                  readOnly={false}
                  errors={{}}
                  onChange={(next) => form.setFieldValue(`lots.${i}.lines.${j}`, next)}
                  onMove={(delta) => form.reorderListItem(`lots.${i}.lines`, { from: j, to: j + delta })}
                  onRemove={() => form.removeListItem(`lots.${i}.lines`, j)}
                  drag={{ onDragStart: () => undefined, onDrop: () => undefined, dragging: false }}
                />
              ))}
              <Text size="xs" c="dimmed">
                {t('avenants.editor.negativeHelp')}
              </Text>
              <Button variant="light" w="fit-content" onClick={() => form.insertListItem(`lots.${i}.lines`, emptyLine())} data-testid={`avenant-add-line-${i}`}>
                {t('avenants.editor.addLine')}
              </Button>
            </Stack>
          </Card>
        ))}
        <Button variant="default" w="fit-content" onClick={() => form.insertListItem('lots', { key: nextKey(), target: '0', title: '', lines: [emptyLine()] })}>
          {t('avenants.editor.addLot')}
        </Button>
        <ErrorAlert error={form.alertError} />
        <Group>
          <Button onClick={() => submit()} loading={busy} data-testid="avenant-save">
            {t('avenants.editor.save')}
          </Button>
          <Button variant="default" onClick={onClose}>
            {t('avenants.editor.cancel')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
