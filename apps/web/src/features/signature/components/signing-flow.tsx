import { useCallback, useEffect, useState } from 'react';
import { Alert, Button, Checkbox, Code, Group, PinInput, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { SigningCodeState, SigningSession, SigningVerified } from '@ouvrage/contracts';
import { SIGN_CODE_LENGTH } from '@ouvrage/domain';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { ApiError } from '../../../lib/api-client';
import { isolate } from '../../../lib/bidi';
import { downloadFile } from '../../../lib/download';
import type { SigningApi } from '../api/signing';
import { formatCountdown, secondsUntil, sha256Hex } from '../model/countdown';
import { DocumentReader } from './document-reader';
import { SignatureInput, type SignatureValue } from './signature-pad';
import { documentTitle } from '../model/document-title';

type Step =
  | { name: 'start' }
  | { name: 'code'; session: SigningSession }
  | { name: 'read'; verified: SigningVerified; bytes: Uint8Array; sha: string }
  | { name: 'done'; completed: boolean };

function useNow(active: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [active]);
  return now;
}

/** The local instant `seconds` from now: the API counts in seconds, so a phone's wrong clock does not matter. */
const secondsFromNow = (seconds: number) => Date.now() + Math.max(0, seconds) * 1000;

function firstStep(initiallyDone: boolean, codeState: SigningCodeState | null | undefined): Step {
  if (initiallyDone) return { name: 'done', completed: true };
  // A code sent and still valid survives a reload: the page asks for it (issue 36 §3, decision 1200).
  if (codeState?.pending_code) return { name: 'code', session: codeState.pending_code };
  return { name: 'start' };
}

/**
 * The built-in signature, step by step (decisions 0620, 0641–0648): the e-mail code (resend,
 * countdown, tries left), the whole document read (its SHA-256 shown), the acceptance and — for a
 * reduced TVA — the certification ticked, the signature drawn or typed, then the signed PDF.
 * `codeState` is where the code step stood when the page loaded (decision 1200).
 */
export function SigningFlow({
  api,
  signerName,
  fileName,
  initiallyDone = false,
  codeState,
}: {
  api: SigningApi;
  signerName: string;
  fileName: string;
  initiallyDone?: boolean;
  codeState?: SigningCodeState | null;
}) {
  const { t } = useTranslation();
  const [step, setStep] = useState<Step>(() => firstStep(initiallyDone, codeState));
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const [code, setCode] = useState('');
  // When a new code may be asked, on this device's clock.
  const [resendAt, setResendAt] = useState(() => secondsFromNow(codeState?.resend_in_s ?? 0));
  const [progress, setProgress] = useState({ seen: 0, count: 0 });
  const [accepted, setAccepted] = useState(false);
  const [certified, setCertified] = useState(false);
  const [signature, setSignature] = useState<SignatureValue>({ mode: 'drawn', image: null });
  const now = useNow(step.name === 'code' || (step.name === 'start' && resendAt > Date.now()));
  const resendIn = Math.max(0, Math.ceil((resendAt - now) / 1000));
  const onProgress = useCallback((seen: number, count: number) => setProgress({ seen, count }), []);

  const run = async (action: () => Promise<void>) => {
    setError(null);
    setBusy(true);
    try {
      await action();
    } catch (e) {
      setError(e);
    } finally {
      setBusy(false);
    }
  };

  const afterVerified = async (verified: SigningVerified) => {
    const bytes = await api.document();
    // The hash of the bytes shown, computed here when the browser can; the server checks it.
    const sha = (await sha256Hex(bytes)) ?? verified.document_sha256;
    setStep({ name: 'read', verified, bytes, sha });
  };

  const start = () =>
    run(async () => {
      let session: SigningSession;
      try {
        session = await api.start();
      } catch (e) {
        // Asked too early: the button counts down the wait the API gave.
        if (e instanceof ApiError && e.code === 'SIGN_CODE_RESEND_LIMIT') setResendAt(secondsFromNow(Number(e.params.retry_after_s ?? 0)));
        throw e;
      }
      setResendAt(secondsFromNow(session.resend_in_s));
      setCode('');
      // Verified earlier (a reload): the code step answers without a code.
      if (session.status === 'verified') await afterVerified(await api.verify('0'.repeat(SIGN_CODE_LENGTH)));
      else setStep({ name: 'code', session });
    });

  const verify = (value: string) =>
    run(async () => {
      try {
        await afterVerified(await api.verify(value));
      } catch (e) {
        if (e instanceof ApiError && e.code === 'SIGN_CODE_WRONG' && step.name === 'code') {
          setStep({ name: 'code', session: { ...step.session, tries_left: Number(e.params.tries_left ?? step.session.tries_left - 1) } });
        }
        setCode('');
        throw e;
      }
    });

  const sign = () =>
    run(async () => {
      if (step.name !== 'read' || !signature.image) return;
      const result = await api.sign({
        image: signature.image,
        mode: signature.mode,
        accepted: true,
        certified: certified || undefined,
        document_sha256: step.sha,
      });
      setStep({ name: 'done', completed: result.completed });
    });

  const download = () => run(() => downloadFile({ ...api.signedFile, name: fileName.replace(/\.pdf$/i, '') + '-signe.pdf' }));

  if (step.name === 'start') {
    return (
      <Stack gap="sm" data-testid="signing-start">
        <Text>{t('signing.start.intro')}</Text>
        <ErrorAlert error={error} />
        <Group>
          <Button onClick={start} loading={busy} disabled={resendIn > 0} data-testid="signing-send-code">
            {resendIn > 0 ? t('signing.start.sendIn', { seconds: resendIn }) : t('signing.start.send')}
          </Button>
        </Group>
      </Stack>
    );
  }

  if (step.name === 'code') {
    const { session } = step;
    const left = secondsUntil(session.code_expires_at, now);
    return (
      <Stack gap="sm" data-testid="signing-code">
        <Text data-testid="signing-code-sent-to">{t('signing.code.sentTo', { to: isolate(session.sent_to ?? '') })}</Text>
        <PinInput
          length={SIGN_CODE_LENGTH}
          type="number"
          oneTimeCode
          value={code}
          onChange={setCode}
          onComplete={(value) => void verify(value)}
          aria-label={t('signing.code.label')}
          disabled={busy}
          data-testid="signing-code-input"
          dir="ltr"
        />
        <Text size="sm" c="dimmed" data-testid="signing-code-timer">
          {left > 0 ? t('signing.code.expiresIn', { time: formatCountdown(left) }) : t('signing.code.expired')} ·{' '}
          {t('signing.code.triesLeft', { count: session.tries_left })}
        </Text>
        <ErrorAlert error={error} />
        <Group>
          <Button onClick={() => verify(code)} disabled={code.length !== SIGN_CODE_LENGTH} loading={busy} data-testid="signing-verify">
            {t('signing.code.verify')}
          </Button>
          <Button variant="default" onClick={start} disabled={resendIn > 0 || busy} data-testid="signing-resend">
            {resendIn > 0 ? t('signing.code.resendIn', { seconds: resendIn }) : t('signing.code.resend')}
          </Button>
        </Group>
      </Stack>
    );
  }

  if (step.name === 'read') {
    const { verified, bytes, sha } = step;
    const read = progress.count > 0 && progress.seen >= progress.count;
    const needsCertification = verified.reduced_tva_certification !== null;
    const ready = read && accepted && (!needsCertification || certified) && signature.image !== null;
    return (
      <Stack gap="md" data-testid="signing-read">
        <Stack gap={2}>
          <Text size="sm" fw={600}>
            {t('signing.read.sha')}
          </Text>
          <Code block data-testid="signing-sha" style={{ overflowWrap: 'anywhere', whiteSpace: 'normal' }} dir="ltr">
            {sha}
          </Code>
        </Stack>
        <Text size="sm">{t('signing.read.instructions')}</Text>
        <DocumentReader bytes={bytes} onProgress={onProgress} />
        {!read && (
          <Alert color="blue" variant="light" data-testid="signing-read-more">
            {t('signing.read.more')}
          </Alert>
        )}
        <Checkbox
          checked={accepted}
          onChange={(e) => setAccepted(e.currentTarget.checked)}
          disabled={!read}
          label={t('signing.accept', {
            title: documentTitle(t, { kind: verified.document_kind, title: verified.document_title, subject_label: verified.subject_label }),
          })}
          data-testid="signing-accept"
        />
        {needsCertification && (
          <Checkbox
            checked={certified}
            onChange={(e) => setCertified(e.currentTarget.checked)}
            disabled={!read}
            label={
              <Stack gap={2}>
                <Text size="sm" fw={600}>
                  {t('signing.certify')}
                </Text>
                <Text size="xs" lang="fr" dir="ltr" ta="start">
                  {verified.reduced_tva_certification}
                </Text>
              </Stack>
            }
            data-testid="signing-certify"
          />
        )}
        <Title order={2} size="h4">
          {t('signing.pad.title')}
        </Title>
        <SignatureInput onChange={setSignature} defaultName={signerName} />
        <ErrorAlert error={error} />
        <Button size="md" onClick={sign} disabled={!ready} loading={busy} data-testid="signing-submit">
          {t('signing.submit')}
        </Button>
      </Stack>
    );
  }

  return (
    <Stack gap="sm" data-testid="signing-done">
      <Alert color="green" title={step.completed ? t('signing.done.completed') : t('signing.done.recorded')}>
        {step.completed ? t('signing.done.completedText') : t('signing.done.waiting')}
      </Alert>
      <ErrorAlert error={error} />
      {step.completed && (
        <Group>
          <Button onClick={download} loading={busy} data-testid="signing-download">
            {t('signing.done.download')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
