import { Button, Stack } from '@mantine/core';
import { useNavigate } from 'react-router';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { useOpenConversation } from '../api/conversations';

/** « Écrire à … »: opens (once) the project's conversation with that person and goes to it. */
export function OpenConversationButton({ projectId, withUserId, label, testId }: { projectId: number; withUserId: number; label: string; testId?: string }) {
  const navigate = useNavigate();
  const open = useOpenConversation(projectId);
  return (
    <Stack gap={4} align="flex-start">
      <Button
        variant="light"
        size="compact-sm"
        // A long name wraps on a phone rather than pushing the card wider than the screen.
        styles={{ root: { height: 'auto', minHeight: 26, maxWidth: '100%' }, label: { whiteSpace: 'normal', textAlign: 'start', paddingBlock: 3 } }}
        loading={open.isPending}
        onClick={() => open.mutate(withUserId, { onSuccess: (c) => void navigate(`/messages/${c.id}`) })}
        data-testid={testId ?? 'open-conversation'}
      >
        {label}
      </Button>
      <ErrorAlert error={open.error} />
    </Stack>
  );
}
