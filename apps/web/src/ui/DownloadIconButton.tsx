/**
 * The download icon of every file row (ordering §7 Documents, Artwork: the file name comes from the
 * server's Content-Disposition): a small icon button with a tooltip that downloads `path` through
 * the app's one download function.
 */
import { ActionIcon, type ActionIconProps, Tooltip } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { downloadFile } from '../api/files';

/** Props of {@link DownloadIconButton}. */
export interface DownloadIconButtonProps extends Omit<ActionIconProps, 'children'> {
  /** API path of the file (e.g. documentPaths.vendorPO(orderId)). */
  path: string;
  /** Accessible name, e.g. 'Download Waybill.pdf'. */
  label: string;
  /** Tooltip text (default 'Download'). */
  tooltip?: string;
  testId?: string;
  /** -1 when another control of the row already downloads the same file (one tab stop per file). */
  tabIndex?: number;
}

/** A download icon button. */
export function DownloadIconButton({
  path,
  label,
  tooltip = 'Download',
  testId,
  tabIndex,
  ...icon
}: DownloadIconButtonProps) {
  return (
    <Tooltip label={tooltip} withArrow>
      <ActionIcon
        variant="subtle"
        {...icon}
        onClick={() => void downloadFile(path)}
        aria-label={label}
        data-testid={testId}
        tabIndex={tabIndex}
      >
        <IconDownload size={16} />
      </ActionIcon>
    </Tooltip>
  );
}
