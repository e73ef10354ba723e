import { useContext, useEffect, useRef, useState } from 'react';
import { Text } from '@mantine/core';
import { UNSAFE_DataRouterContext, useBlocker } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '../../../components/ui/confirm-modal';

export interface LeaveGuardProps {
  /** Whether leaving now would lose something typed (read when a navigation starts). */
  unsaved: () => boolean;
  /** Save now; true when everything typed is stored. */
  flush: () => Promise<boolean>;
}

/**
 * Every in-app navigation away from the editor (side menu, top bar, a link, the browser's back
 * button) with changes not saved first saves them; only what cannot be saved asks « Quitter sans
 * enregistrer ? » — stay, or leave and lose them (issue 36 §1, decision 1203). Closing the tab is
 * the autosave's `beforeunload`. The router's blocker needs the app's data router: rendered
 * without one (a component test in a plain router), it guards nothing.
 */
export function LeaveGuard(props: LeaveGuardProps) {
  const dataRouter = useContext(UNSAFE_DataRouterContext);
  return dataRouter ? <Blocking {...props} /> : null;
}

function Blocking({ unsaved, flush }: LeaveGuardProps) {
  const { t } = useTranslation();
  const blocker = useBlocker(({ currentLocation, nextLocation }) => currentLocation.pathname !== nextLocation.pathname && unsaved());
  const current = useRef(blocker);
  current.current = blocker;
  const [asking, setAsking] = useState(false);

  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    let cancelled = false;
    // Saved on the way out: the navigation goes on without a question.
    void flush().then((saved) => {
      if (cancelled) return;
      if (saved && !unsaved()) current.current.proceed?.();
      else setAsking(true);
    });
    return () => {
      cancelled = true;
    };
  }, [blocker.state, flush, unsaved]);

  const stay = () => {
    setAsking(false);
    current.current.reset?.();
  };
  const leave = () => {
    setAsking(false);
    current.current.proceed?.();
  };

  return (
    <ConfirmModal
      opened={asking && blocker.state === 'blocked'}
      onClose={stay}
      title={t('quoteEditor.leave.title')}
      confirmLabel={t('quoteEditor.leave.leave')}
      cancelLabel={t('quoteEditor.leave.stay')}
      onConfirm={leave}
      confirmTestId="leave-without-saving"
    >
      <Text size="sm">{t('quoteEditor.leave.text')}</Text>
    </ConfirmModal>
  );
}
