import { useEffect, useState } from 'react';
import { Button, Card, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { fieldErrors } from '../../../lib/use-error-message';
import { useConsumerMediator, useSaveConsumerMediator } from '../api/consumer-mediator';

/**
 * The admin's consumer mediator (C. conso. L616-1, decision 1044): its name, website and address,
 * printed on every quote to a consumer.
 */
export function MediatorCard() {
  const { t } = useTranslation();
  const current = useConsumerMediator();
  const save = useSaveConsumerMediator();
  const [values, setValues] = useState({ name: '', website: '', address: '' });
  const [saved, setSaved] = useState(false);
  const mediator = current.data?.mediator;
  useEffect(() => {
    if (mediator) setValues({ name: mediator.name, website: mediator.website, address: mediator.address ?? '' });
  }, [mediator]);
  const errors = fieldErrors(save.error);
  const set = (patch: Partial<typeof values>) => {
    setSaved(false);
    setValues((v) => ({ ...v, ...patch }));
  };
  return (
    <Card withBorder component="section" aria-labelledby="mediator-title" data-testid="consumer-mediator">
      <Title order={2} size="h4" id="mediator-title">
        {t('quoteSettings.mediator.title')}
      </Title>
      <Text c="dimmed" size="sm" mb="sm">
        {current.data && !mediator ? t('quoteSettings.mediator.unset') : t('quoteSettings.mediator.intro')}
      </Text>
      <ErrorAlert error={current.error ?? (save.error && Object.keys(errors).length === 0 ? save.error : null)} />
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          save.mutate(values, { onSuccess: () => setSaved(true) });
        }}
      >
        <Stack gap="sm">
          <TextInput
            label={t('quoteSettings.mediator.name')}
            required
            value={values.name}
            onChange={(e) => set({ name: e.currentTarget.value })}
            error={errors.name}
            maxLength={200}
            dir="auto"
          />
          <TextInput
            label={t('quoteSettings.mediator.website')}
            required
            placeholder="https://"
            value={values.website}
            onChange={(e) => set({ website: e.currentTarget.value })}
            error={errors.website}
            dir="ltr"
          />
          <TextInput
            label={t('quoteSettings.mediator.address')}
            value={values.address}
            onChange={(e) => set({ address: e.currentTarget.value })}
            error={errors.address}
            maxLength={300}
            dir="auto"
          />
          <Group justify="flex-end">
            {saved && (
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
