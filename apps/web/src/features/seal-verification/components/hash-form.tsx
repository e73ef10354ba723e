import { Alert, Button, Code, Group, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { useContractForm } from '../../../lib/forms/use-contract-form';
import { useVerifyHash } from '../api/verify-hash';
import { SealedRecordBlock } from './sealed-record';

/** The contract's rule (`sha256Param`): 64 hexadecimal characters, spaces around ignored. */
const SHA256 = /^[0-9a-fA-F]{64}$/;

/** The other way in (decision 0635): paste the SHA-256 of a signed PDF and read the platform's record of it. */
export function HashForm() {
  const { t } = useTranslation();
  const lookup = useVerifyHash();
  // The contract's one rule, with the page's own words in its three languages (the schema's
  // sentence is French only); the schema is not imported here (a public page, decision 0948).
  // The API's 400 lands on the field too.
  const form = useContractForm({
    initialValues: { sha256: '' },
    rules: (v) => ({ sha256: SHA256.test(v.sha256.trim()) ? null : t('sealVerification.hashInvalid') }),
    serverError: lookup.error,
  });
  const submit = form.onSubmit(
    ({ sha256 }) => {
      lookup.reset();
      lookup.mutate(sha256);
    },
    () => lookup.reset(),
  );
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Group align="flex-end" gap="sm" wrap="wrap">
          <TextInput
            label={t('sealVerification.hashLabel')}
            description={t('sealVerification.hashHelp')}
            {...form.getInputProps('sha256')}
            dir="ltr"
            autoComplete="off"
            spellCheck={false}
            style={{ flex: '1 1 16rem', minWidth: 0 }}
          />
          <Button type="submit" variant="light" loading={lookup.isPending}>
            {t('sealVerification.hashSubmit')}
          </Button>
        </Group>
        <ErrorAlert error={form.alertError} />
        {lookup.data ? (
          <Alert
            color={lookup.data.found ? 'green' : 'gray'}
            variant="light"
            role="status"
            data-found={lookup.data.found}
            title={t(lookup.data.found ? 'sealVerification.hashFound' : 'sealVerification.hashNotFound')}
          >
            <Stack gap={6}>
              {lookup.data.record ? <SealedRecordBlock record={lookup.data.record} /> : null}
              <Text size="sm">{t('sealVerification.sha256')}</Text>
              <Code block dir="ltr" style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }}>
                {lookup.data.sha256}
              </Code>
            </Stack>
          </Alert>
        ) : null}
      </Stack>
    </form>
  );
}
