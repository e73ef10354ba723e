import { useMemo } from 'react';
import { Badge, Group, List, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { FullPage } from '../../../components/ui/full-page';
import { ScreenLoader } from '../../../components/ui/screen-loader';
import { fetchLinkInfo, linkSigningApi } from '../api/signing';
import { SigningFlow } from './signing-flow';
import { documentTitle } from '../model/document-title';

/**
 * `/signature/:token`: a full page without menu for anyone a document was sent to (decision 0647),
 * logged in or not; the personal link names the signer, the e-mail code proves it is them.
 */
export default function LinkSigningScreen() {
  const { t } = useTranslation();
  const { token = '' } = useParams();
  const info = useQuery({ queryKey: ['signature-link', token], queryFn: () => fetchLinkInfo(token), retry: false, gcTime: 0 });
  const api = useMemo(() => linkSigningApi(token), [token]);
  return (
    <FullPage width={900}>
      <Stack gap="md" data-testid="link-signing-screen">
        {info.isPending ? <ScreenLoader /> : null}
        {info.error ? <ErrorAlert error={info.error} /> : null}
        {info.data ? (
          <>
            <Title order={1} size="h2" style={{ overflowWrap: 'anywhere' }}>
              {documentTitle(t, info.data)}
            </Title>
            <Text>{t('signing.link.hello', { name: info.data.signer_name })}</Text>
            <Stack gap={4}>
              <Text size="sm" fw={600}>
                {t('signing.link.signers')}
              </Text>
              <List size="sm" spacing={2}>
                {info.data.signers.map((s, i) => (
                  <List.Item key={i}>
                    <Group gap="xs">
                      <span>{s.name}</span>
                      <Badge size="sm" color={s.status === 'signed' ? 'green' : 'gray'} variant="light">
                        {t(`signing.link.status.${s.status}`)}
                      </Badge>
                    </Group>
                  </List.Item>
                ))}
              </List>
            </Stack>
            <SigningFlow
              api={api}
              signerName={info.data.signer_name}
              fileName={`${documentTitle(t, info.data)}.pdf`}
              initiallyDone={info.data.signer_status === 'signed'}
              codeState={info.data.code_state}
            />
          </>
        ) : null}
      </Stack>
    </FullPage>
  );
}
