/**
 * The alert dialog (ordering §4 Session, §8): a modal with one message and an OK button, used for
 * 'Authentication expired. Please log in.' and the other-tab sign-in notice. The same text is never
 * stacked twice (several failing calls may report the same expiry at once).
 */
import { Box, Button, Group, Text } from '@mantine/core';
import { modals } from '@mantine/modals';

const open = new Map<string, Promise<void>>();

/** Opens an alert with the message; resolves when the user closes it. */
export function showAlert(message: string, title = 'Alert'): Promise<void> {
  const existing = open.get(message);
  if (existing) return existing;
  const modalId = `alert-${Math.random().toString(36).slice(2, 9)}`;
  const done = new Promise<void>((resolve) => {
    modals.open({
      modalId,
      title,
      centered: true,
      closeOnClickOutside: false,
      zIndex: 400,
      onClose: () => {
        open.delete(message);
        resolve();
      },
      children: (
        <Box data-testid="alert-dialog">
          <Text role="alert">{message}</Text>
          <Group justify="flex-end" mt="md">
            <Button onClick={() => modals.close(modalId)} data-autofocus>
              OK
            </Button>
          </Group>
        </Box>
      ),
    });
  });
  open.set(message, done);
  return done;
}
