/**
 * The parts of ui/hosts.tsx loaded when first needed: Mantine's message area and dialog
 * provider, with the app's settings.
 */
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { useEffect } from 'react';

/** Mantine's <Notifications>: messages at the top right, below the header (see global.css). */
export function LoadedNotifications() {
  // Below the header, so a retained error never covers the navigation bar or Log Out.
  return <Notifications position="top-right" zIndex={1000} classNames={{ root: 'app-notifications' }} />;
}

/** Mantine's <ModalsProvider> (without children: dialogs are opened through its events). */
export function LoadedModals({ onReady }: { onReady: () => void }) {
  // Runs after the provider's own effect has added its event listeners.
  useEffect(onReady, [onReady]);
  return <ModalsProvider />;
}
