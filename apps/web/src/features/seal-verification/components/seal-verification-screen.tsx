import { useRef, useState, type DragEvent } from 'react';
import { Alert, Anchor, Box, Button, Divider, Progress, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { SEAL_VERIFICATION_MAX_BYTES } from '@ouvrage/contracts';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { FullPage } from '../../../components/ui/full-page';
import { useVerifySeal } from '../api/verify-seal';
import { HashForm } from './hash-form';
import { SealResultCard } from './seal-result-card';

/**
 * `/verification` (decision 0633): anyone, logged out, drops or chooses a PDF and reads whether
 * Ouvrage sealed it and whether it changed since. The file goes to the API only to be checked.
 */
export default function SealVerificationScreen() {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const verify = useVerifySeal();
  const [dragging, setDragging] = useState(false);
  const [fileName, setFileName] = useState<string>();
  const [localError, setLocalError] = useState<string>();

  const check = (file: File | undefined) => {
    if (!file) return;
    setFileName(file.name);
    verify.reset();
    if (file.size > SEAL_VERIFICATION_MAX_BYTES) {
      setLocalError(t('sealVerification.tooLarge'));
      return;
    }
    setLocalError(undefined);
    verify.mutate(file);
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    check(event.dataTransfer.files[0]);
  };

  return (
    <FullPage width={560}>
      <Stack gap="md">
        <div>
          <Title order={1} size="h2">
            {t('sealVerification.title')}
          </Title>
          <Text c="dimmed" size="sm">
            {t('sealVerification.intro')}
          </Text>
        </div>
        <Box
          data-testid="seal-drop-zone"
          onDragOver={(e) => {
            e.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
          p="xl"
          style={{
            border: `2px dashed var(--mantine-color-${dragging ? 'ouvrage-6' : 'gray-4'})`,
            borderRadius: 'var(--mantine-radius-md)',
            background: dragging ? 'var(--mantine-color-ouvrage-0)' : undefined,
            textAlign: 'center',
          }}
        >
          <Stack gap="sm" align="center">
            <Text size="sm">{t('sealVerification.drop')}</Text>
            <VisuallyHidden>
              <input
                ref={input}
                id="seal-file"
                type="file"
                accept="application/pdf,.pdf"
                aria-hidden="true"
                tabIndex={-1}
                onChange={(e) => {
                  check(e.currentTarget.files?.[0]);
                  e.currentTarget.value = '';
                }}
              />
            </VisuallyHidden>
            <Button onClick={() => input.current?.click()} loading={verify.isPending}>
              {t('sealVerification.choose')}
            </Button>
            <Text size="xs" c="dimmed">
              {t('sealVerification.limit')}
            </Text>
          </Stack>
        </Box>
        {verify.isPending ? (
          <Stack gap={4}>
            <Text size="sm">{verify.progress < 100 ? t('sealVerification.uploading', { percent: verify.progress }) : t('sealVerification.checking')}</Text>
            <Progress value={verify.progress} animated aria-label={t('sealVerification.progress')} />
          </Stack>
        ) : null}
        {localError ? (
          <Alert color="red" title={t('common.errorTitle')} role="alert" variant="light">
            {localError}
          </Alert>
        ) : (
          <ErrorAlert error={verify.error} />
        )}
        {verify.data ? <SealResultCard result={verify.data} fileName={fileName} /> : null}
        <Divider label={t('sealVerification.or')} labelPosition="center" />
        <HashForm />
        <Text size="sm" c="dimmed">
          {t('sealVerification.privacy')}
        </Text>
        <Anchor component={Link} to="/login" size="sm">
          {t('sealVerification.backToLogin')}
        </Anchor>
      </Stack>
    </FullPage>
  );
}
