import { useState } from 'react';
import { ActionIcon, Autocomplete, Button, Card, Group, NumberInput, SegmentedControl, Select, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { zoneBody } from '@ouvrage/contracts';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { ScreenLoader } from '../../../components/ui/screen-loader';
import { formSchema } from '../../../lib/forms/form-schema';
import { useContractForm } from '../../../lib/forms/use-contract-form';
import { useCommuneSearch, useDeleteZone, useDepartements, useStoreZone, useUpdateZone, useZones, type ZoneBody, type ZoneView } from '../api/zones';
import { EnterprisePage } from './enterprise-page';
import { notifySaved } from './form-helpers';

/** `/entreprise/zone`: départements, or communes with a radius, from the offline communes dataset. */
export default function ZoneScreen() {
  return (
    <EnterprisePage titleKey="menu.enterpriseZone" introKey="professionals.zones.intro">
      {(userId) => <Zones userId={userId} />}
    </EnterprisePage>
  );
}

function Zones({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const zones = useZones(userId);
  const remove = useDeleteZone(userId);
  const [editing, setEditing] = useState<ZoneView | null>(null);
  if (zones.error) return <ErrorAlert error={zones.error} />;
  if (!zones.data) return <ScreenLoader />;
  return (
    <Stack gap="lg">
      <ZoneForm key={editing?.id ?? 'new'} userId={userId} editing={editing} onDone={() => setEditing(null)} />
      <Card withBorder>
        <Title order={2} size="h4" mb="sm">
          {t('professionals.zones.listTitle')}
        </Title>
        <ErrorAlert error={remove.error} />
        {zones.data.length === 0 ? (
          <Text c="dimmed">{t('professionals.zones.empty')}</Text>
        ) : (
          <Table data-testid="zones-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('professionals.zones.zone')}</Table.Th>
                <Table.Th>{t('professionals.zones.kind')}</Table.Th>
                <Table.Th>{t('professionals.zones.radius')}</Table.Th>
                <Table.Th>
                  <VisuallyHidden>{t('common.edit')}</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {zones.data.map((z) => (
                <Table.Tr key={z.id}>
                  <Table.Td>
                    {z.kind === 'departement' ? `${z.departement_name ?? ''} (${z.departement_code})` : `${z.commune_name} (${z.departement_code})`}
                  </Table.Td>
                  <Table.Td>{t(`professionals.zones.kinds.${z.kind}`)}</Table.Td>
                  <Table.Td>{z.kind === 'commune' ? <bdi>{`${z.radius_km} km`}</bdi> : '—'}</Table.Td>
                  <Table.Td>
                    <Group gap="xs" justify="flex-end">
                      <Button size="xs" variant="subtle" onClick={() => setEditing(z)}>
                        {t('common.edit')}
                      </Button>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={t('professionals.zones.deleteLabel', { zone: z.label })}
                        onClick={() => remove.mutate(z.id, { onSuccess: () => notifySaved(t('professionals.zones.deleted')) })}
                      >
                        ✕
                      </ActionIcon>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Card>
    </Stack>
  );
}

const ZONE_SCHEMA = formSchema(zoneBody);

interface ZoneValues {
  kind: 'departement' | 'commune';
  departement_code: string | null;
  /** The commune picked from the list (its INSEE code); null while the text matches none. */
  commune_insee: string | null;
  /** What the commune field shows (« Montauban (82) — 82000 »), not sent. */
  commune_text: string;
  radius_km: number | string;
}

/** The body the API reads: the chosen kind's fields only (its place may still be missing, the schema says so). */
const zoneOf = (v: ZoneValues) =>
  v.kind === 'departement'
    ? { kind: v.kind, departement_code: v.departement_code }
    : { kind: v.kind, commune_insee: v.commune_insee, radius_km: Number(v.radius_km) };

function ZoneForm({ userId, editing, onDone }: { userId: number; editing: ZoneView | null; onDone: () => void }) {
  const { t } = useTranslation();
  const departements = useDepartements();
  const store = useStoreZone(userId);
  const update = useUpdateZone(userId);
  const mutation = editing ? update : store;
  const form = useContractForm<ZoneValues>({
    initialValues: {
      kind: editing?.kind ?? 'departement',
      departement_code: editing?.kind === 'departement' ? editing.departement_code : null,
      commune_insee: editing?.commune_insee ?? null,
      commune_text: editing?.kind === 'commune' ? `${editing.commune_name} (${editing.departement_code})` : '',
      radius_km: editing?.radius_km ?? 20,
    },
    schema: ZONE_SCHEMA,
    toBody: zoneOf,
    serverError: mutation.error,
  });
  const { kind, departement_code: departement, commune_insee: communeCode, commune_text: communeText } = form.getValues();
  const [debounced] = useDebouncedValue(communeText, 250);
  const communes = useCommuneSearch(communeCode ? '' : debounced);

  const options = (communes.data ?? []).map((c) => ({ value: `${c.nom} (${c.departement}) — ${c.codesPostaux[0] ?? ''}`, code: c.code }));
  // Asked only when the commune field is on screen: the form then knows it is there.
  const commune = kind === 'commune' ? form.getInputProps('commune_insee') : null;

  const submit = form.onSubmit((values) => {
    const zone = zoneOf(values);
    if (zone.kind === 'departement' ? !zone.departement_code : !zone.commune_insee) return;
    const body = zone as ZoneBody;
    const done = () => {
      notifySaved(t('professionals.saved'));
      onDone();
    };
    if (editing) update.mutate({ id: editing.id, body }, { onSuccess: done });
    else
      store.mutate(body, {
        onSuccess: () => {
          form.setValues({ departement_code: null, commune_text: '', commune_insee: null });
          done();
        },
      });
  });

  return (
    <Card withBorder component="form" onSubmit={submit} noValidate>
      <Title order={2} size="h4" mb="sm">
        {editing ? t('professionals.zones.editTitle') : t('professionals.zones.addTitle')}
      </Title>
      <Stack>
        <ErrorAlert error={form.alertError} />
        <SegmentedControl
          {...form.getInputProps('kind')}
          data={[
            { value: 'departement', label: t('professionals.zones.kinds.departement') },
            { value: 'commune', label: t('professionals.zones.kinds.commune') },
          ]}
          w="fit-content"
          aria-label={t('professionals.zones.kind')}
        />
        {kind === 'departement' ? (
          <Select
            label={t('professionals.zones.departement')}
            searchable
            maw={420}
            data={(departements.data ?? []).map((d) => ({ value: d.code, label: `${d.code} — ${d.nom}` }))}
            {...form.getInputProps('departement_code')}
            comboboxProps={{ withinPortal: true }}
          />
        ) : (
          <Group align="flex-start">
            <Autocomplete
              label={t('professionals.zones.commune')}
              placeholder={t('professionals.zones.communePlaceholder')}
              w={360}
              data={options.map((o) => o.value)}
              {...commune}
              value={communeText}
              onChange={(v) => {
                form.setFieldValue('commune_text', v);
                form.setFieldValue('commune_insee', options.find((o) => o.value === v)?.code ?? null);
              }}
              error={
                commune?.error ??
                (communeText && !communeCode && debounced === communeText && communes.isSuccess ? t('professionals.zones.pickCommune') : undefined)
              }
              comboboxProps={{ withinPortal: true }}
              filter={({ options: o }) => o}
            />
            <NumberInput
              clampBehavior="none"
              label={t('professionals.zones.radius')}
              suffix=" km"
              min={0}
              max={200}
              w={140}
              {...form.getInputProps('radius_km')}
            />
          </Group>
        )}
        <Group>
          <Button type="submit" loading={mutation.isPending} disabled={kind === 'departement' ? !departement : !communeCode}>
            {editing ? t('common.save') : t('professionals.zones.add')}
          </Button>
          {editing && (
            <Button variant="subtle" onClick={onDone}>
              {t('common.cancel')}
            </Button>
          )}
        </Group>
      </Stack>
    </Card>
  );
}
