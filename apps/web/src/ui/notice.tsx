/**
 * A message with an action button (live updates' "Reload", docs/decisions/0068), shown like the message
 * service's (ui/messages.tsx: bottom right, blue for neutral) but kept until used or closed. In a
 * module of its own: the message service is in the first load of /login, this one is not.
 */
import { Button, Group } from '@mantine/core';
import { notifications } from '@mantine/notifications';

/**
 * Shows a neutral message with one action button (e.g. live updates' "Reload"), retained until the
 * user clicks the button or closes it. Returns its id.
 */
export function showNotice(message: string, action: { label: string; onClick: () => void }): string {
  const id = `msg-notice-${Date.now()}-${Math.random().toString(36).slice(2, 7)}`;
  notifications.show({
    id,
    color: 'blue',
    position: 'bottom-right',
    autoClose: false,
    withCloseButton: true,
    role: 'status',
    'data-testid': 'message-notice',
    message: (
      <Group gap="sm" wrap="nowrap" justify="space-between">
        <span>{message}</span>
        <Button
          size="xs"
          variant="light"
          onClick={() => {
            notifications.hide(id);
            action.onClick();
          }}
        >
          {action.label}
        </Button>
      </Group>
    ),
  });
  return id;
}
