import { Button, Card, Checkbox, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { storeDetailsBody } from '@ouvrage/contracts';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { ScreenLoader } from '../../../components/ui/screen-loader';
import { formSchema } from '../../../lib/forms/form-schema';
import { useContractForm } from '../../../lib/forms/use-contract-form';
import { useProInfo, useStoreDetails, type ProfessionalInfo } from '../api/profile';
import { useProfessions, useServices } from '../api/reference-lists';
import { useTradeNames } from '../api/trade-names';
import { EnterprisePage } from './enterprise-page';
import { notifySaved } from './form-helpers';

/** `/entreprise/metier`: the trade and the services offered. */
export default function TradeScreen() {
  return (
    <EnterprisePage titleKey="menu.enterpriseTrade" introKey="professionals.trade.intro">
      {(userId) => <TradeLoader userId={userId} />}
    </EnterprisePage>
  );
}

function TradeLoader({ userId }: { userId: number }) {
  const info = useProInfo(userId);
  const professions = useProfessions();
  const services = useServices();
  if (info.error || professions.error || services.error) return <ErrorAlert error={info.error ?? professions.error ?? services.error} />;
  if (!info.data || !professions.data || !services.data) return <ScreenLoader />;
  return <TradeForm userId={userId} trade={info.data.trade} professions={professions.data} services={services.data} />;
}

const DETAILS_SCHEMA = formSchema(storeDetailsBody);

function TradeForm({
  userId,
  trade,
  professions,
  services,
}: {
  userId: number;
  trade: ProfessionalInfo['trade'];
  professions: NonNullable<ReturnType<typeof useProfessions>['data']>;
  services: NonNullable<ReturnType<typeof useServices>['data']>;
}) {
  const { t } = useTranslation();
  const names = useTradeNames();
  const save = useStoreDetails(userId);
  // The contract's section (`trade.…` paths, as the API names its fields); it starts again from what a save brings back.
  const form = useContractForm<{ trade: { profession_id: number | null; service_ids: number[] } }>({
    initialValues: { trade: { profession_id: trade.profession_id, service_ids: trade.service_ids } },
    source: trade,
    schema: DETAILS_SCHEMA,
    serverError: save.error,
  });
  const { profession_id: professionId, service_ids: serviceIds } = form.getValues().trade;
  const ofTrade = services.filter((s) => s.profession_id === professionId);
  const others = services.filter((s) => s.profession_id !== professionId && serviceIds.includes(s.id));

  const submit = form.onSubmit(({ trade: v }) => {
    if (!v.profession_id) return;
    save.mutate({ trade: { profession_id: v.profession_id, service_ids: v.service_ids } }, { onSuccess: () => notifySaved(t('professionals.saved')) });
  });

  return (
    <Card withBorder component="form" onSubmit={submit} noValidate>
      <Stack>
        <ErrorAlert error={form.alertError} />
        <Select
          label={t('professionals.trade.profession')}
          required
          searchable
          maw={420}
          data={professions.map((p) => ({ value: String(p.id), label: names.profession(p) }))}
          {...form.getInputProps('trade.profession_id')}
          value={professionId ? String(professionId) : null}
          onChange={(v) => form.setFieldValue('trade.profession_id', v ? Number(v) : null)}
          comboboxProps={{ withinPortal: true }}
        />
        <Checkbox.Group
          label={t('professionals.trade.services')}
          {...form.getInputProps('trade.service_ids')}
          value={serviceIds.map(String)}
          onChange={(v) => form.setFieldValue('trade.service_ids', v.map(Number))}
        >
          <SimpleGrid cols={{ base: 1, sm: 2 }} mt="xs">
            {[...ofTrade, ...others].map((s) => (
              <Checkbox key={s.id} value={String(s.id)} label={names.service(s)} />
            ))}
          </SimpleGrid>
          {ofTrade.length === 0 && (
            <Text size="sm" c="dimmed">
              {t('professionals.trade.chooseFirst')}
            </Text>
          )}
        </Checkbox.Group>
        <Button type="submit" loading={save.isPending} disabled={!professionId} w="fit-content">
          {t('common.save')}
        </Button>
      </Stack>
    </Card>
  );
}
