import { useState } from 'react';
import { Button, Group, Modal, Select, SimpleGrid, Stack, Switch, TextInput, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ProjectDto, UpdateProjectBody } from '@ouvrage/contracts';
import { BUDGET_RANGES, DEADLINES, OWNER_STATUSES, START_PERIODS, formatPhone, validateProjectRequest } from '@ouvrage/domain';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { fieldErrors } from '../../../lib/use-error-message';
import { useUpdateProject } from '../api/project-detail';
import { parseDecimal } from '../journey/storage';
import { PhoneInput } from '../../../components/ui/phone-input';

/** Editing while the project is `En attente` (`PATCH api/project/update/{id}`). */
export function ProjectEditModal({ project, opened, onClose }: { project: ProjectDto; opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const update = useUpdateProject(project.id);
  const [v, setV] = useState({
    surface: String(project.surface).replace('.', ','),
    surfaceTravaux: String(project.surfaceTravaux).replace('.', ','),
    budget: project.budget,
    times: project.times,
    delai: project.delai,
    proprio: project.proprio,
    description: project.description,
    showAdresse: project.showAdresse,
    phone: formatPhone(project.phone),
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = (key: keyof typeof v, value: string | boolean) => setV((s) => ({ ...s, [key]: value }));
  const server = fieldErrors(update.error);
  const err = (k: string) => errors[k] ?? server[k];

  const save = () => {
    const body = { ...v, surface: parseDecimal(v.surface) ?? undefined, surfaceTravaux: parseDecimal(v.surfaceTravaux) ?? undefined };
    const found = validateProjectRequest(body, ['surface', 'surfaceTravaux', 'budget', 'times', 'delai', 'proprio', 'description', 'phone']);
    setErrors(found as Record<string, string>);
    if (Object.keys(found).length) return;
    update.mutate(body as UpdateProjectBody, { onSuccess: onClose });
  };

  const select = (key: 'budget' | 'times' | 'delai' | 'proprio', values: readonly string[], prefix: string) => (
    <Select
      label={t(`projects.fields.${key}`)}
      data={values.map((x) => ({ value: x, label: t(`projects.${prefix}.${x}`) }))}
      value={v[key]}
      onChange={(x) => x && set(key, x)}
      error={err(key)}
      allowDeselect={false}
    />
  );

  return (
    <Modal opened={opened} onClose={onClose} title={t('projects.page.editTitle')} size="lg">
      <Stack>
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <TextInput
            label={t('projects.fields.surface')}
            inputMode="decimal"
            rightSection="m²"
            value={v.surface}
            onChange={(e) => set('surface', e.currentTarget.value)}
            error={err('surface')}
          />
          <TextInput
            label={t('projects.fields.surfaceTravaux')}
            inputMode="decimal"
            rightSection="m²"
            value={v.surfaceTravaux}
            onChange={(e) => set('surfaceTravaux', e.currentTarget.value)}
            error={err('surfaceTravaux')}
          />
        </SimpleGrid>
        {select(
          'budget',
          BUDGET_RANGES.map((b) => b.key),
          'budgets',
        )}
        <SimpleGrid cols={{ base: 1, xs: 3 }}>
          {select('times', START_PERIODS, 'times')}
          {select('delai', DEADLINES, 'delai')}
          {select('proprio', OWNER_STATUSES, 'proprio')}
        </SimpleGrid>
        <Textarea
          label={t('projects.fields.description')}
          autosize
          minRows={3}
          value={v.description}
          onChange={(e) => set('description', e.currentTarget.value)}
          error={err('description')}
        />
        <PhoneInput label={t('projects.fields.phone')} value={v.phone} onChange={(phone) => set('phone', phone)} error={err('phone')} />
        <Switch label={t('projects.fields.showAdresse')} checked={v.showAdresse} onChange={(e) => set('showAdresse', e.currentTarget.checked)} />
        <ErrorAlert error={update.error && Object.keys(server).length === 0 ? update.error : null} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button onClick={save} loading={update.isPending}>
            {t('common.save')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
