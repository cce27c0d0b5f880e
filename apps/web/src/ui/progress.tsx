/**
 * The progress displays, loaded the first time one is shown (no first load carries them):
 * the global overlay's panel (ui/overlay.tsx) and the thin bar under the header while a screen's
 * code loads (ui/AppLayout.tsx).
 */
import { Center, Loader, Overlay, Progress, Stack, Text } from '@mantine/core';

/** The full-screen overlay: a loader, the text, and the share done when the work reports it. */
export function OverlayPanel({ text, progress }: { text: string; progress?: number }) {
  return (
    <Overlay fixed center zIndex={150} backgroundOpacity={0.35} blur={1} data-testid="overlay">
      <Center>
        <Stack
          align="center"
          gap="sm"
          p="lg"
          bg="white"
          style={{ borderRadius: 8 }}
          role="status"
          aria-live="polite"
        >
          <Loader />
          <Text fw={500}>{text}</Text>
          {progress !== undefined && (
            <Progress
              value={Math.round(progress * 100)}
              w={240}
              size="md"
              animated={progress < 1}
              aria-label={`${text} ${Math.round(progress * 100)}%`}
              data-testid="overlay-progress"
            />
          )}
        </Stack>
      </Center>
    </Overlay>
  );
}

/** The thin animated bar under the header while the next screen's code loads. */
export function PageLoadingBar() {
  return (
    <Progress
      value={100}
      animated
      size="xs"
      radius={0}
      pos="fixed"
      top={60}
      left={0}
      right={0}
      style={{ zIndex: 101 }}
      aria-label="Loading page"
    />
  );
}
