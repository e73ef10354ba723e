import { useState, type FormEvent } from 'react';
import { ActionIcon, Autocomplete, Button, Card, Group, NumberInput, SegmentedControl, Select, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { ScreenLoader } from '../../../components/ui/screen-loader';
import { fieldErrors } from '../../../lib/use-error-message';
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

function ZoneForm({ userId, editing, onDone }: { userId: number; editing: ZoneView | null; onDone: () => void }) {
  const { t } = useTranslation();
  const departements = useDepartements();
  const store = useStoreZone(userId);
  const update = useUpdateZone(userId);
  const [kind, setKind] = useState<'departement' | 'commune'>(editing?.kind ?? 'departement');
  const [departement, setDepartement] = useState<string | null>(editing?.kind === 'departement' ? editing.departement_code : null);
  const [communeText, setCommuneText] = useState(editing?.kind === 'commune' ? `${editing.commune_name} (${editing.departement_code})` : '');
  const [communeCode, setCommuneCode] = useState<string | null>(editing?.commune_insee ?? null);
  const [radius, setRadius] = useState<number | string>(editing?.radius_km ?? 20);
  const [debounced] = useDebouncedValue(communeText, 250);
  const communes = useCommuneSearch(communeCode ? '' : debounced);
  const mutation = editing ? update : store;
  const fields = fieldErrors(mutation.error);

  const options = (communes.data ?? []).map((c) => ({ value: `${c.nom} (${c.departement}) — ${c.codesPostaux[0] ?? ''}`, code: c.code }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body: ZoneBody | null =
      kind === 'departement'
        ? departement
          ? { kind, departement_code: departement }
          : null
        : communeCode
          ? { kind, commune_insee: communeCode, radius_km: Number(radius) }
          : null;
    if (!body) return;
    const done = () => {
      notifySaved(t('professionals.saved'));
      onDone();
    };
    if (editing) update.mutate({ id: editing.id, body }, { onSuccess: done });
    else
      store.mutate(body, {
        onSuccess: () => {
          setDepartement(null);
          setCommuneText('');
          setCommuneCode(null);
          done();
        },
      });
  };

  return (
    <Card withBorder component="form" onSubmit={submit} noValidate>
      <Title order={2} size="h4" mb="sm">
        {editing ? t('professionals.zones.editTitle') : t('professionals.zones.addTitle')}
      </Title>
      <Stack>
        <ErrorAlert error={mutation.error && Object.keys(fields).length === 0 ? mutation.error : null} />
        <SegmentedControl
          value={kind}
          onChange={(v) => setKind(v as 'departement' | 'commune')}
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
            value={departement}
            onChange={setDepartement}
            error={fields.departement_code}
            comboboxProps={{ withinPortal: true }}
          />
        ) : (
          <Group align="flex-start">
            <Autocomplete
              label={t('professionals.zones.commune')}
              placeholder={t('professionals.zones.communePlaceholder')}
              w={360}
              data={options.map((o) => o.value)}
              value={communeText}
              onChange={(v) => {
                setCommuneText(v);
                setCommuneCode(options.find((o) => o.value === v)?.code ?? null);
              }}
              error={
                fields.commune_insee ??
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
              value={radius}
              onChange={setRadius}
              error={fields.radius_km}
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
