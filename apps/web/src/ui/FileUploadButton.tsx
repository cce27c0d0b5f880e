/**
 * The file picker of every upload (artwork, shipping and related documents; ordering §4, §5
 * Artwork upload, §7): a button that opens the browser's file chooser. A file larger than the
 * server's maximum (GET /orders/max-artwork-upload-size) is refused before anything is sent, with
 * 'File size can not exceed {n} MB.'; the upload itself (and its progress bar, in the overlay) is
 * the caller's `onFile`.
 */
import { Button, type ButtonProps, FileButton } from '@mantine/core';
import { ARTWORK_SPEC_MESSAGES } from '@selvedge/shared';
import { IconUpload } from '@tabler/icons-react';
import { type ComponentProps, useRef } from 'react';
import { useMaxArtworkUploadSizeQuery } from '../api/lookups';
import { showError } from './messages';

/** Props of {@link FileUploadButton}. */
export interface FileUploadButtonProps extends Omit<ButtonProps, 'children' | 'onClick'> {
  /** Button text. */
  label: string;
  /** The picker's accept attribute (extensions and types). */
  accept?: string;
  /** Called with the chosen file once it passed the size check. */
  onFile: (file: File) => void;
  /** Test id of the button; the hidden file input gets `${testId}-input`. */
  testId: string;
}

/** Upload button: choose a file, check its size, hand it to `onFile`. */
export function FileUploadButton({
  label,
  accept,
  onFile,
  testId,
  disabled,
  ...button
}: FileUploadButtonProps) {
  const limit = useMaxArtworkUploadSizeQuery().data;
  const resetRef = useRef<() => void>(null);

  const pick = (file: File | null) => {
    // Cleared at once, so that choosing the same file again still fires a change.
    resetRef.current?.();
    if (!file) return;
    if (limit && file.size > limit.maxSizeInBytes) {
      showError(ARTWORK_SPEC_MESSAGES.artworkTooLarge(limit.maxSizeInMB));
      return;
    }
    onFile(file);
  };

  return (
    <FileButton
      onChange={pick}
      accept={accept}
      resetRef={resetRef}
      disabled={disabled}
      inputProps={{ 'data-testid': `${testId}-input` } as ComponentProps<'input'>}
    >
      {(props) => (
        <Button
          leftSection={<IconUpload size={16} />}
          variant="light"
          {...button}
          {...props}
          disabled={disabled}
          data-testid={testId}
        >
          {label}
        </Button>
      )}
    </FileButton>
  );
}
