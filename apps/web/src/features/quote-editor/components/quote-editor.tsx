import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Alert, Card, Checkbox, Grid, Group, SegmentedControl, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { QuoteDetail } from '@ouvrage/contracts';
import { MoneyInput } from '../../../components/ui/money-input';
import { createQuote } from '../api/create-quote';
import { quoteDetailKey } from '../api/quote-detail';
import { updateQuote } from '../api/update-quote';
import { draftCertification, draftGaps, draftTotals, type DraftAddress, type QuoteDraft } from '../model/draft';
import { offerHandover } from '../model/handover';
import { AutosaveStatus } from './autosave-status';
import { ConditionsFields } from './conditions-fields';
import { LeaveGuard } from './leave-guard';
import { LotsEditor } from './lots-editor';
import { SendPanel } from './send-panel';
import { TotalsPanel } from './totals-panel';
import { useQuoteAutosave } from './use-quote-autosave';
import { UrgentRepairField, WorksFields } from './works-fields';
import { compareWithReferences, OptedOutNote, QuoteReferenceSummary, useQuotePriceReferences } from '../../price-references';

export interface QuoteEditorProps {
  initialDraft: QuoteDraft;
  /** Null for a new quote: the first save creates it. */
  quoteId: number | null;
  projectId: number | null;
  revision: number;
  savedJson: string;
  /** The stored quote (client, missing mentions, abilities); undefined before creation. */
  detail: QuoteDetail | undefined;
  clientName: string;
  readOnly: boolean;
  /** The first save created the quote: the screen moves to its address (the draft follows through `offerHandover`). */
  onCreated?: (detail: QuoteDetail) => void;
  onReload: () => void;
  /** Shown above the form (the project choice of a new quote). */
  header?: ReactNode;
  /** A new quote's project: choosing another one before the first save replaces the addresses. */
  prefill?: { projectId: number; client_address: DraftAddress; site_address: DraftAddress };
}

function AddressFields({
  legend,
  value,
  onChange,
  errors,
  prefix,
  readOnly,
}: {
  legend: string;
  value: DraftAddress;
  onChange: (a: DraftAddress) => void;
  errors: Record<string, string>;
  prefix: string;
  readOnly: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Stack gap="xs" component="fieldset" style={{ border: 0, padding: 0, margin: 0 }}>
      <Text component="legend" fw={600} size="sm">
        {legend}
      </Text>
      <TextInput
        label={t('quoteEditor.address.street')}
        value={value.street}
        onChange={(e) => onChange({ ...value, street: e.currentTarget.value })}
        error={errors[`${prefix}.street`]}
        dir="auto"
        maxLength={200}
        readOnly={readOnly}
        autoComplete="off"
      />
      <Group grow align="flex-start">
        <TextInput
          label={t('quoteEditor.address.postcode')}
          value={value.postcode}
          onChange={(e) => onChange({ ...value, postcode: e.currentTarget.value })}
          error={errors[`${prefix}.postcode`]}
          maxLength={5}
          inputMode="numeric"
          readOnly={readOnly}
          autoComplete="off"
        />
        <TextInput
          label={t('quoteEditor.address.city')}
          value={value.city}
          onChange={(e) => onChange({ ...value, city: e.currentTarget.value })}
          error={errors[`${prefix}.city`]}
          dir="auto"
          maxLength={100}
          readOnly={readOnly}
          autoComplete="off"
        />
      </Group>
      {errors[prefix] && (
        <Text c="red" size="xs">
          {errors[prefix]}
        </Text>
      )}
    </Stack>
  );
}

/**
 * The quote editor (decision 0525): object, kind, addresses, lots and lines, live totals computed
 * with the domain's code, conditions; autosaved while a draft, read-only otherwise.
 */
export function QuoteEditor(props: QuoteEditorProps) {
  const { quoteId, detail, readOnly, header } = props;
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState(props.initialDraft);
  const set = (patch: Partial<QuoteDraft>) => setDraft((d) => ({ ...d, ...patch }));
  // Another project chosen: its client and site addresses replace the previous project's (adjusting state while rendering).
  const [prefilled, setPrefilled] = useState(props.prefill?.projectId);
  if (props.prefill && props.prefill.projectId !== prefilled) {
    const { client_address, site_address } = props.prefill;
    setPrefilled(props.prefill.projectId);
    setDraft((d) => ({ ...d, client_address, site_address }));
  }
  const totals = useMemo(() => draftTotals(draft), [draft]);
  const certification = useMemo(() => draftCertification(draft), [draft]);
  // Saved as typed, an incomplete line or lot is marked where it is and keeps the quote from being sent (decision 1203).
  const gaps = useMemo(() => draftGaps(draft), [draft]);
  // Price references (issue 40): looked up when a line's words change, compared locally on every price.
  const priceReferences = useQuotePriceReferences(quoteId, draft.lots);
  const quoteComparison = useMemo(
    () =>
      priceReferences.optedOut
        ? null
        : compareWithReferences(draft.lots.flatMap((lot) => lot.lines.map((line) => ({ line, reference: priceReferences.referenceOf(lot.title, line) })))),
    [draft.lots, priceReferences],
  );

  // Once created, this editor hands its draft over to the quote's own editor until it unmounts.
  const created = useRef<{ quoteId: number; revision: number; savedJson: string } | null>(null);
  useEffect(() => {
    if (created.current) offerHandover({ ...created.current, draft });
  }, [draft]);

  const autosave = useQuoteAutosave({
    draft,
    quoteId,
    projectId: props.projectId,
    revision: props.revision,
    savedJson: props.savedJson,
    create: createQuote,
    update: updateQuote,
    enabled: !readOnly,
    onSaved: (saved, info) => {
      queryClient.setQueryData(quoteDetailKey(saved.id), saved);
      if (!info.created) return;
      created.current = { quoteId: saved.id, revision: saved.revision, savedJson: info.savedJson };
      offerHandover({ ...created.current, draft });
      props.onCreated?.(saved);
    },
  });
  // The API's answer about a field comes after the gap the editor sees in it.
  const errors = useMemo(() => {
    const marks: Record<string, string> = {};
    if (readOnly) return autosave.fields;
    for (const [field, gap] of Object.entries(gaps.byField)) marks[field] = t(`errors.${gap.code}`, { ...gap.params, defaultValue: gap.message });
    return { ...marks, ...autosave.fields };
  }, [gaps, autosave.fields, readOnly, t]);

  return (
    <Stack>
      {header}
      <Group justify="space-between" align="center" wrap="wrap">
        <AutosaveStatus
          state={autosave.state}
          stored={quoteId !== null && !readOnly}
          gaps={readOnly ? undefined : gaps}
          onRetry={() => void autosave.saveNow()}
          onReload={props.onReload}
        />
        {quoteId !== null && detail && <SendPanel quoteId={quoteId} detail={detail} readOnly={readOnly} saveNow={autosave.saveNow} />}
      </Group>
      <Grid gutter="lg">
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <Stack>
            <Card withBorder component="section" aria-labelledby="quote-general-title">
              <Title order={2} size="h4" id="quote-general-title" mb="sm">
                {t('quoteEditor.general.title')}
              </Title>
              <Stack gap="sm">
                <TextInput
                  label={t('quoteEditor.general.object')}
                  placeholder={t('quoteEditor.general.objectPlaceholder')}
                  required
                  value={draft.title}
                  onChange={(e) => set({ title: e.currentTarget.value })}
                  error={errors.title}
                  dir="auto"
                  maxLength={200}
                  readOnly={readOnly}
                />
                <Stack gap={4}>
                  <Text size="sm" fw={500} id="quote-kind-label">
                    {t('quoteEditor.general.kind')}
                  </Text>
                  <SegmentedControl
                    aria-labelledby="quote-kind-label"
                    value={draft.kind}
                    onChange={(v) => set({ kind: v as QuoteDraft['kind'] })}
                    data={[
                      { value: 'travaux', label: t('quoteEditor.general.kindWorks') },
                      { value: 'depannage', label: t('quoteEditor.general.kindRepair') },
                    ]}
                    readOnly={readOnly}
                  />
                </Stack>
                {draft.kind === 'depannage' && (
                  <MoneyInput
                    label={t('quoteEditor.general.travelCost')}
                    description={t('quoteEditor.general.travelCostHelp')}
                    value={draft.travel_cost_cents}
                    onChange={(c) => set({ travel_cost_cents: c })}
                    error={errors.travel_cost_cents}
                    readOnly={readOnly}
                  />
                )}
                {draft.kind === 'depannage' && (
                  <UrgentRepairField checked={draft.urgent_repair} onChange={(urgent_repair) => set({ urgent_repair })} readOnly={readOnly} />
                )}
                <WorksFields values={draft} onChange={set} errors={errors} readOnly={readOnly} />
                <Text size="sm">
                  {t('quoteEditor.general.client')} <strong>{props.clientName}</strong>
                </Text>
                <Grid>
                  <Grid.Col span={{ base: 12, md: 6 }}>
                    <AddressFields
                      legend={t('quoteEditor.address.client')}
                      value={draft.client_address}
                      onChange={(a) => set({ client_address: a })}
                      errors={errors}
                      prefix="client_address"
                      readOnly={readOnly}
                    />
                  </Grid.Col>
                  <Grid.Col span={{ base: 12, md: 6 }}>
                    <AddressFields
                      legend={t('quoteEditor.address.site')}
                      value={draft.site_address}
                      onChange={(a) => set({ site_address: a })}
                      errors={errors}
                      prefix="site_address"
                      readOnly={readOnly}
                    />
                  </Grid.Col>
                </Grid>
              </Stack>
            </Card>

            <Title order={2} size="h4">
              {t('quoteEditor.lots.title')}
            </Title>
            {priceReferences.optedOut && <OptedOutNote />}
            <LotsEditor
              lots={draft.lots}
              totals={totals}
              readOnly={readOnly}
              errors={errors}
              onChange={(lots) => set({ lots })}
              priceReferences={priceReferences}
            />

            <Card withBorder component="section" aria-labelledby="quote-conditions-title">
              <Title order={2} size="h4" id="quote-conditions-title" mb="sm">
                {t('quoteEditor.conditions.title')}
              </Title>
              <Stack gap="sm">
                <ConditionsFields values={draft} onChange={set} errors={errors} readOnly={readOnly} />
                <Checkbox
                  label={t('quoteEditor.conditions.isFree')}
                  checked={draft.is_free}
                  onChange={(e) => set({ is_free: e.currentTarget.checked })}
                  disabled={readOnly}
                />
                {!draft.is_free && (
                  <MoneyInput
                    label={t('quoteEditor.conditions.quotePrice')}
                    required
                    value={draft.quote_price_cents}
                    onChange={(c) => set({ quote_price_cents: c })}
                    error={errors.quote_price_cents}
                    readOnly={readOnly}
                  />
                )}
              </Stack>
            </Card>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <Stack style={{ position: 'sticky', top: 80 }}>
            <TotalsPanel totals={totals} lotTitles={draft.lots.map((l) => l.title)} depositBp={draft.deposit_bp} />
            {quoteComparison && <QuoteReferenceSummary comparison={quoteComparison} />}
            {certification && (
              <Alert color="blue" variant="light" title={t('quoteEditor.certification.title')} data-testid="reduced-tva-certification">
                <Text size="xs" c="dimmed" mb={4}>
                  {t('quoteEditor.certification.help')}
                </Text>
                <Text size="sm" lang="fr" dir="ltr">
                  {certification}
                </Text>
              </Alert>
            )}
            {errors.expected_totals && (
              <Text c="red" size="sm">
                {errors.expected_totals}
              </Text>
            )}
          </Stack>
        </Grid.Col>
      </Grid>
      {autosave.state.kind === 'error' && Object.keys(autosave.fields).length > 0 && (
        <Text c="red" size="sm" role="alert">
          {t('quoteEditor.fieldsInvalid', { n: Object.keys(autosave.fields).length })}
        </Text>
      )}
      {!readOnly && <LeaveGuard unsaved={autosave.unsaved} flush={autosave.saveNow} />}
    </Stack>
  );
}
