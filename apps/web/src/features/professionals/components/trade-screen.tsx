import { useEffect, useState, type FormEvent } from 'react';
import { Button, Card, Checkbox, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { ScreenLoader } from '../../../components/ui/screen-loader';
import { fieldErrors } from '../../../lib/use-error-message';
import { useProInfo, useStoreDetails } from '../api/profile';
import { useProfessions, useServices } from '../api/reference-lists';
import { useTradeNames } from '../api/trade-names';
import { EnterprisePage } from './enterprise-page';
import { notifySaved } from './form-helpers';

/** `/entreprise/metier`: the trade and the services offered. */
export default function TradeScreen() {
  return (
    <EnterprisePage titleKey="menu.enterpriseTrade" introKey="professionals.trade.intro">
      {(userId) => <TradeForm userId={userId} />}
    </EnterprisePage>
  );
}

function TradeForm({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const info = useProInfo(userId);
  const professions = useProfessions();
  const services = useServices();
  const names = useTradeNames();
  const save = useStoreDetails(userId);
  const [professionId, setProfessionId] = useState<number | null>(null);
  const [serviceIds, setServiceIds] = useState<number[]>([]);
  useEffect(() => {
    if (!info.data) return;
    setProfessionId(info.data.trade.profession_id);
    setServiceIds(info.data.trade.service_ids);
  }, [info.data]);
  const fields = fieldErrors(save.error);
  if (info.error || professions.error || services.error) return <ErrorAlert error={info.error ?? professions.error ?? services.error} />;
  if (!info.data || !professions.data || !services.data) return <ScreenLoader />;

  const ofTrade = services.data.filter((s) => s.profession_id === professionId);
  const others = services.data.filter((s) => s.profession_id !== professionId && serviceIds.includes(s.id));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!professionId) return;
    save.mutate({ trade: { profession_id: professionId, service_ids: serviceIds } }, { onSuccess: () => notifySaved(t('professionals.saved')) });
  };

  return (
    <Card withBorder component="form" onSubmit={submit} noValidate>
      <Stack>
        <ErrorAlert error={save.error && Object.keys(fields).length === 0 ? save.error : null} />
        <Select
          label={t('professionals.trade.profession')}
          required
          searchable
          maw={420}
          data={professions.data.map((p) => ({ value: String(p.id), label: names.profession(p) }))}
          value={professionId ? String(professionId) : null}
          onChange={(v) => setProfessionId(v ? Number(v) : null)}
          error={fields['trade.profession_id']}
          comboboxProps={{ withinPortal: true }}
        />
        <Checkbox.Group
          label={t('professionals.trade.services')}
          error={fields['trade.service_ids']}
          value={serviceIds.map(String)}
          onChange={(v) => setServiceIds(v.map(Number))}
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
