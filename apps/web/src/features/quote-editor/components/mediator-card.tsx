import { useState } from 'react';
import { Button, Card, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { consumerMediatorBody } from '@ouvrage/contracts';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { formSchema } from '../../../lib/forms/form-schema';
import { useContractForm } from '../../../lib/forms/use-contract-form';
import { useConsumerMediator, useSaveConsumerMediator } from '../api/consumer-mediator';

const MEDIATOR_SCHEMA = formSchema(consumerMediatorBody);

/**
 * The admin's consumer mediator (C. conso. L616-1, decision 1044): its name, website and address,
 * printed on every quote to a consumer.
 */
export function MediatorCard() {
  const { t } = useTranslation();
  const current = useConsumerMediator();
  const save = useSaveConsumerMediator();
  const mediator = current.data?.mediator;
  // The form starts again from the mediator once read, and from the one the save brings back
  // (none read: what is being typed stays).
  const form = useContractForm({
    initialValues: { name: mediator?.name ?? '', website: mediator?.website ?? '', address: mediator?.address ?? '' },
    source: mediator ?? undefined,
    schema: MEDIATOR_SCHEMA,
    serverError: save.error,
  });
  const [saved, setSaved] = useState(false);
  return (
    <Card withBorder component="section" aria-labelledby="mediator-title" data-testid="consumer-mediator">
      <Title order={2} size="h4" id="mediator-title">
        {t('quoteSettings.mediator.title')}
      </Title>
      <Text c="dimmed" size="sm" mb="sm">
        {current.data && !mediator ? t('quoteSettings.mediator.unset') : t('quoteSettings.mediator.intro')}
      </Text>
      <ErrorAlert error={current.error ?? form.alertError} />
      <form
        noValidate
        onSubmit={form.onSubmit((body) =>
          save.mutate(body, {
            onSuccess: () => {
              form.resetDirty();
              setSaved(true);
            },
          }),
        )}
      >
        <Stack gap="sm">
          <TextInput label={t('quoteSettings.mediator.name')} required {...form.getInputProps('name')} maxLength={200} dir="auto" />
          <TextInput label={t('quoteSettings.mediator.website')} required placeholder="https://" {...form.getInputProps('website')} dir="ltr" />
          <TextInput label={t('quoteSettings.mediator.address')} {...form.getInputProps('address')} maxLength={300} dir="auto" />
          <Group justify="flex-end">
            {saved && !form.isDirty() && (
              <Text c="teal.8" role="status" size="sm">
                {t('quoteSettings.mediator.saved')}
              </Text>
            )}
            <Button type="submit" loading={save.isPending}>
              {t('quoteSettings.mediator.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
