import { Button, Group, Modal, Select, SimpleGrid, Stack, Switch, TextInput, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { updateProjectBody, type ProjectDto, type UpdateProjectBody } from '@ouvrage/contracts';
import { BUDGET_RANGES, DEADLINES, OWNER_STATUSES, START_PERIODS, formatPhone, validateProjectRequest } from '@ouvrage/domain';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { formSchema } from '../../../lib/forms/form-schema';
import { useContractForm } from '../../../lib/forms/use-contract-form';
import { useUpdateProject } from '../api/project-detail';
import { parseDecimal } from '../journey/storage';
import { PhoneInput } from '../../../components/ui/phone-input';

const SCHEMA = formSchema(updateProjectBody);
const FIELDS = ['surface', 'surfaceTravaux', 'budget', 'times', 'delai', 'proprio', 'description', 'phone'] as const;

/** The surfaces typed the French way (« 85,5 ») as numbers; the rest as typed. */
const toBody = <V extends { surface: string; surfaceTravaux: string }>(v: V) => ({
  ...v,
  surface: parseDecimal(v.surface) ?? undefined,
  surfaceTravaux: parseDecimal(v.surfaceTravaux) ?? undefined,
});

/** Editing while the project is `En attente` (`PATCH api/project/update/{id}`). */
export function ProjectEditModal({ project, opened, onClose }: { project: ProjectDto; opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const update = useUpdateProject(project.id);
  // The project's own rules (the journey's), with their messages, over the contract's schema.
  const form = useContractForm({
    initialValues: {
      surface: String(project.surface).replace('.', ','),
      surfaceTravaux: String(project.surfaceTravaux).replace('.', ','),
      budget: project.budget,
      times: project.times,
      delai: project.delai,
      proprio: project.proprio,
      description: project.description,
      showAdresse: project.showAdresse,
      phone: formatPhone(project.phone),
    },
    schema: SCHEMA,
    toBody,
    rules: (v) => validateProjectRequest(toBody(v), FIELDS),
    serverError: update.error,
  });
  const save = form.onSubmit((v) => update.mutate(toBody(v) as UpdateProjectBody, { onSuccess: onClose }));

  const select = (key: 'budget' | 'times' | 'delai' | 'proprio', values: readonly string[], prefix: string) => (
    <Select
      label={t(`projects.fields.${key}`)}
      data={values.map((x) => ({ value: x, label: t(`projects.${prefix}.${x}`) }))}
      {...form.getInputProps(key)}
      allowDeselect={false}
    />
  );

  return (
    <Modal opened={opened} onClose={onClose} title={t('projects.page.editTitle')} size="lg">
      <Stack>
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <TextInput label={t('projects.fields.surface')} inputMode="decimal" rightSection="m²" {...form.getInputProps('surface')} />
          <TextInput label={t('projects.fields.surfaceTravaux')} inputMode="decimal" rightSection="m²" {...form.getInputProps('surfaceTravaux')} />
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
        <Textarea label={t('projects.fields.description')} autosize minRows={3} {...form.getInputProps('description')} />
        <PhoneInput label={t('projects.fields.phone')} {...form.getInputProps('phone')} />
        <Switch label={t('projects.fields.showAdresse')} {...form.getInputProps('showAdresse', { type: 'checkbox' })} />
        <ErrorAlert error={form.alertError} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button onClick={() => save()} loading={update.isPending}>
            {t('common.save')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
