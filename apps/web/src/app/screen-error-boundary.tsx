import { Component, type ReactNode } from 'react';
import { Alert, Button, Stack } from '@mantine/core';
import { Translation } from 'react-i18next';

/** A screen that fails to load or render shows a message instead of a blank page. */
export class ScreenErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <Translation>
        {(t) => (
          <Stack maw={520} data-testid="screen-failed">
            <Alert color="red" title={t('common.errorTitle')} role="alert">
              {t('shell.screenFailed')}
            </Alert>
            <Button onClick={() => window.location.reload()} w="fit-content">
              {t('common.retry')}
            </Button>
          </Stack>
        )}
      </Translation>
    );
  }
}
