import { useState, type FormEvent } from 'react';
import { Alert, Button, Code, Group, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { useVerifyHash } from '../api/verify-hash';
import { SealedRecordBlock } from './sealed-record';

const SHA256 = /^[0-9a-fA-F]{64}$/;

/** The other way in (decision 0635): paste the SHA-256 of a signed PDF and read the platform's record of it. */
export function HashForm() {
  const { t } = useTranslation();
  const [value, setValue] = useState('');
  const [error, setError] = useState<string>();
  const lookup = useVerifyHash();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    lookup.reset();
    if (!SHA256.test(value.trim())) {
      setError(t('sealVerification.hashInvalid'));
      return;
    }
    setError(undefined);
    lookup.mutate(value);
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Group align="flex-end" gap="sm" wrap="wrap">
          <TextInput
            label={t('sealVerification.hashLabel')}
            description={t('sealVerification.hashHelp')}
            value={value}
            onChange={(e) => setValue(e.currentTarget.value)}
            error={error}
            dir="ltr"
            autoComplete="off"
            spellCheck={false}
            style={{ flex: '1 1 16rem', minWidth: 0 }}
          />
          <Button type="submit" variant="light" loading={lookup.isPending}>
            {t('sealVerification.hashSubmit')}
          </Button>
        </Group>
        <ErrorAlert error={lookup.error} />
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
