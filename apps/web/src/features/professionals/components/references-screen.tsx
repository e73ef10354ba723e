import { useState } from 'react';
import { referenceBody } from '@ouvrage/contracts';
import { Button, Card, CloseButton, FileButton, Grid, Group, Image, NumberInput, SimpleGrid, Stack, Text, TextInput, Textarea, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { MoneyInput } from '../../../components/ui/money-input';
import { ScreenLoader } from '../../../components/ui/screen-loader';
import { formatEuros } from '../../../lib/format';
import { formSchema } from '../../../lib/forms/form-schema';
import { useContractForm } from '../../../lib/forms/use-contract-form';
import { useAddPhotos, useCreateReference, useDeleteReference, usePhotoUrl, useReferences, useUpdateReference, type ReferenceView } from '../api/references';
import { EnterprisePage } from './enterprise-page';
import { notifySaved, orNull } from './form-helpers';

/** `/entreprise/reference`: past works with photos (the spec's menu entry had no target). */
export default function ReferencesScreen() {
  return (
    <EnterprisePage titleKey="menu.enterpriseReferences" introKey="professionals.references.intro">
      {(userId) => <References userId={userId} />}
    </EnterprisePage>
  );
}

function References({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const refs = useReferences(userId);
  const [editing, setEditing] = useState<ReferenceView | null>(null);
  if (refs.error) return <ErrorAlert error={refs.error} />;
  if (!refs.data) return <ScreenLoader />;
  return (
    <Stack gap="lg">
      <ReferenceForm key={editing?.id ?? 'new'} userId={userId} editing={editing} onDone={() => setEditing(null)} />
      {refs.data.length === 0 ? (
        <Text c="dimmed">{t('professionals.references.empty')}</Text>
      ) : (
        refs.data.map((r) => <ReferenceCard key={r.id} userId={userId} reference={r} onEdit={() => setEditing(r)} />)
      )}
    </Stack>
  );
}

const REFERENCE_SCHEMA = formSchema(referenceBody);

interface ReferenceValues {
  title: string;
  description: string;
  city: string;
  year: number | string;
  amount_cents: number | null;
}

/** The body the API reads, from what the form holds (an empty year or city is none). */
const referenceOf = (v: ReferenceValues) => ({
  title: v.title,
  description: v.description,
  city: orNull(v.city),
  year: v.year === '' ? null : Number(v.year),
  amount_cents: v.amount_cents,
});

function ReferenceForm({ userId, editing, onDone }: { userId: number; editing: ReferenceView | null; onDone: () => void }) {
  const { t } = useTranslation();
  const create = useCreateReference(userId);
  const update = useUpdateReference(userId);
  const mutation = editing ? update : create;
  const form = useContractForm<ReferenceValues>({
    initialValues: {
      title: editing?.title ?? '',
      description: editing?.description ?? '',
      city: editing?.city ?? '',
      year: editing?.year ?? '',
      amount_cents: editing?.amount_cents ?? null,
    },
    schema: REFERENCE_SCHEMA,
    toBody: referenceOf,
    serverError: mutation.error,
  });
  const submit = form.onSubmit((values) => {
    const body = referenceOf(values);
    const done = () => {
      notifySaved(t('professionals.saved'));
      form.reset();
      onDone();
    };
    if (editing) update.mutate({ id: editing.id, body }, { onSuccess: done });
    else create.mutate(body, { onSuccess: done });
  });
  return (
    <Card withBorder component="form" onSubmit={submit} noValidate>
      <Title order={2} size="h4" mb="sm">
        {editing ? t('professionals.references.editTitle') : t('professionals.references.addTitle')}
      </Title>
      <ErrorAlert error={form.alertError} />
      <Grid>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <TextInput label={t('professionals.references.title')} required {...form.getInputProps('title')} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <TextInput label={t('professionals.references.city')} {...form.getInputProps('city')} />
        </Grid.Col>
        <Grid.Col span={12}>
          <Textarea label={t('professionals.references.description')} autosize minRows={3} {...form.getInputProps('description')} />
        </Grid.Col>
        <Grid.Col span={{ base: 6, sm: 3 }}>
          <NumberInput
            clampBehavior="none"
            label={t('professionals.references.year')}
            min={1900}
            max={new Date().getFullYear()}
            thousandSeparator=""
            {...form.getInputProps('year')}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 6, sm: 3 }}>
          {/* Negative amounts are let through for the contract to refuse them with its rule (issue 15). */}
          <MoneyInput label={t('professionals.references.amount')} allowNegative {...form.getInputProps('amount_cents')} />
        </Grid.Col>
      </Grid>
      <Group mt="md">
        <Button type="submit" loading={mutation.isPending}>
          {editing ? t('common.save') : t('professionals.references.add')}
        </Button>
        {editing && (
          <Button variant="subtle" onClick={onDone}>
            {t('common.cancel')}
          </Button>
        )}
      </Group>
    </Card>
  );
}

function Photo({ id, onRemove, label }: { id: number; onRemove: () => void; label: string }) {
  const url = usePhotoUrl(id);
  return (
    <div style={{ position: 'relative' }}>
      {url.data ? <Image src={url.data} alt="" h={110} fit="cover" radius="sm" /> : <div style={{ height: 110 }} />}
      <CloseButton aria-label={label} onClick={onRemove} style={{ position: 'absolute', top: 4, insetInlineEnd: 4 }} bg="white" />
    </div>
  );
}

function ReferenceCard({ userId, reference, onEdit }: { userId: number; reference: ReferenceView; onEdit: () => void }) {
  const { t } = useTranslation();
  const remove = useDeleteReference(userId);
  const photos = useAddPhotos(userId);
  const update = useUpdateReference(userId);
  const removePhoto = (photoId: number) =>
    update.mutate({
      id: reference.id,
      body: {
        title: reference.title,
        description: reference.description,
        city: reference.city,
        year: reference.year,
        amount_cents: reference.amount_cents,
        remove_photo_ids: [photoId],
      },
    });
  return (
    <Card withBorder data-testid="reference-card">
      <Group justify="space-between" align="flex-start">
        <div>
          <Title order={3} size="h5">
            {reference.title}
          </Title>
          <Text size="sm" c="dimmed">
            {[reference.city, reference.year, reference.amount_cents !== null ? formatEuros(reference.amount_cents) : null].filter(Boolean).join(' · ')}
          </Text>
        </div>
        <Group gap="xs">
          <Button size="xs" variant="subtle" onClick={onEdit}>
            {t('common.edit')}
          </Button>
          <Button size="xs" variant="subtle" color="red" loading={remove.isPending} onClick={() => remove.mutate(reference.id)}>
            {t('common.delete')}
          </Button>
        </Group>
      </Group>
      {reference.description && (
        <Text size="sm" mt="xs" dir="auto">
          {reference.description}
        </Text>
      )}
      <SimpleGrid cols={{ base: 2, sm: 4 }} mt="sm">
        {reference.photos.map((p) => (
          <Photo key={p.id} id={p.id} onRemove={() => removePhoto(p.id)} label={t('professionals.references.removePhoto', { name: p.name })} />
        ))}
      </SimpleGrid>
      <Group mt="sm">
        <FileButton multiple accept="image/jpeg,image/png,image/webp" onChange={(files) => files.length && photos.mutate({ id: reference.id, files })}>
          {(props) => (
            <Button {...props} size="xs" variant="light" loading={photos.isPending}>
              {t('professionals.references.addPhotos')}
            </Button>
          )}
        </FileButton>
        <Text size="xs" c="dimmed">
          {t('professionals.references.photosHelp')}
        </Text>
      </Group>
      <ErrorAlert error={photos.error ?? remove.error ?? update.error} />
    </Card>
  );
}
