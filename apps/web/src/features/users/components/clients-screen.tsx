import { useState } from 'react';
import { Button, Group, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { modifyUserBody } from '@ouvrage/contracts';
import { ConfirmModal } from '../../../components/ui/confirm-modal';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { ListScreen } from '../../../components/ui/list-screen';
import { useListQuery } from '../../../lib/list-query';
import { formatDate, formatPhone } from '../../../lib/format';
import { formSchema } from '../../../lib/forms/form-schema';
import { useContractForm } from '../../../lib/forms/use-contract-form';
import { accountsQuery, useDeleteClient, useModifyUser, type AccountListItem } from '../api/accounts';
import { clientFilters, searchAndSort } from './account-filters';
import { PhoneInput } from '../../../components/ui/phone-input';

const EDIT_SCHEMA = formSchema(modifyUserBody);
type EditValues = { civility: string | null; firstname: string; lastname: string; email: string; phone: string };

/** `/gestion-user/list`: the clients, searchable and paginated; edit and delete. */
export default function ClientsScreen() {
  const { t } = useTranslation();
  const list = useListQuery({ filters: clientFilters, query: (request) => accountsQuery({ group: 'client', ...request }) });
  const [editing, setEditing] = useState<AccountListItem | null>(null);
  const [deleting, setDeleting] = useState<AccountListItem | null>(null);

  return (
    <>
      <ListScreen
        list={list}
        title={t('menu.clients')}
        filters={searchAndSort(t, 'client')}
        emptyText={t('users.empty')}
        table={{
          'data-testid': 'clients-table',
          rowKey: (u) => u.id,
          minWidth: 700,
          columns: [
            { key: 'name', header: t('users.name'), cell: (u) => `${u.civility ? `${u.civility} ` : ''}${u.firstname} ${u.lastname}` },
            { key: 'company', header: t('users.clientCompany'), cell: (u) => u.client_company ?? '—' },
            { key: 'email', header: t('users.email'), cell: (u) => u.email },
            { key: 'phone', header: t('users.phone'), cell: (u) => formatPhone(u.phone), nowrap: true },
            { key: 'created', header: t('users.createdAt'), cell: (u) => formatDate(u.created_at), nowrap: true },
            {
              key: 'actions',
              header: t('users.actions'),
              cell: (u) => (
                <Group gap="xs" wrap="nowrap">
                  <Button size="xs" variant="subtle" onClick={() => setEditing(u)}>
                    {t('common.edit')}
                  </Button>
                  <Button size="xs" variant="subtle" color="red" onClick={() => setDeleting(u)}>
                    {t('common.delete')}
                  </Button>
                </Group>
              ),
            },
          ],
        }}
      />
      {editing && <EditUserModal user={editing} onClose={() => setEditing(null)} />}
      {deleting && <DeleteClientModal user={deleting} onClose={() => setDeleting(null)} />}
    </>
  );
}

export function EditUserModal({ user, onClose }: { user: AccountListItem; onClose: () => void }) {
  const { t } = useTranslation();
  const modify = useModifyUser();
  const toBody = (v: EditValues) => ({ id: user.id, ...v, phone: v.phone || null });
  const form = useContractForm<EditValues>({
    initialValues: { civility: user.civility, firstname: user.firstname, lastname: user.lastname, email: user.email, phone: formatPhone(user.phone) },
    schema: EDIT_SCHEMA,
    toBody,
    serverError: modify.error,
  });
  return (
    <Modal opened onClose={onClose} title={t('users.editTitle')}>
      <form onSubmit={form.onSubmit((values) => modify.mutate(toBody(values), { onSuccess: onClose }))} noValidate>
        <Stack>
          <ErrorAlert error={form.alertError} />
          <Select label={t('users.civility')} data={['M.', 'Mme']} {...form.getInputProps('civility')} comboboxProps={{ withinPortal: true }} />
          <TextInput label={t('users.firstname')} required {...form.getInputProps('firstname')} />
          <TextInput label={t('users.lastname')} required {...form.getInputProps('lastname')} />
          <TextInput label={t('users.email')} type="email" required {...form.getInputProps('email')} />
          <PhoneInput label={t('users.phone')} {...form.getInputProps('phone')} />
          <Button type="submit" loading={modify.isPending}>
            {t('common.save')}
          </Button>
        </Stack>
      </form>
    </Modal>
  );
}

function DeleteClientModal({ user, onClose }: { user: AccountListItem; onClose: () => void }) {
  const { t } = useTranslation();
  const remove = useDeleteClient();
  return (
    <ConfirmModal
      opened
      onClose={onClose}
      title={t('users.deleteTitle')}
      confirmLabel={t('common.delete')}
      pending={remove.isPending}
      error={remove.error}
      onConfirm={() =>
        remove.mutate(user.id, {
          onSuccess: (data) => {
            notifications.show({ color: 'teal', message: t(`users.deleted.${data.mode === 'deleted' ? 'deleted' : 'anonymised'}`) });
            onClose();
          },
        })
      }
    >
      <Text>{t('users.deleteConfirm', { name: `${user.firstname} ${user.lastname}` })}</Text>
      <Text size="sm" c="dimmed">
        {t('users.deleteHelp')}
      </Text>
    </ConfirmModal>
  );
}
