import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { ImageUpload } from './image-upload.hook';

interface ImageUploadFieldProps {
  /** From useImageUpload, which the screen also reads for the preview and the file to send. */
  upload: ImageUpload;
  /** The file input's accessible name ('Picture file'). */
  fileLabel: string;
  chooseLabel: string;
  chooseIcon: ReactNode;
  /** Whether the choose button stays once a file is chosen, to choose another instead. */
  chooseAgain?: boolean;
  /** Turns off the choose button, while a save runs or before there is anything to upload to. */
  disabled?: boolean;
  /** The buttons that send or drop the chosen file, shown while there is one. */
  chosenActions: ReactNode;
  /** The line under the buttons: the limits (imageLimitsText), or why choosing is off. */
  note?: ReactNode;
  /** Said once the screen reports the upload done. */
  uploadedMessage?: string;
  align?: 'start' | 'center';
}

/**
 * Choosing an image to upload: the button that opens the file chooser, the chosen file's name
 * with the screen's buttons to send or drop it, the limits, and what went wrong or right. The
 * preview is the screen's own, since each shows the image in its own shape.
 */
export function ImageUploadField({
  upload,
  fileLabel,
  chooseLabel,
  chooseIcon,
  chooseAgain = false,
  disabled = false,
  chosenActions,
  note,
  uploadedMessage,
  align = 'start',
}: ImageUploadFieldProps) {
  const { chosen, outcome } = upload;
  const alertSx = { justifySelf: 'stretch', textAlign: 'left' } as const;
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 1,
        justifyItems: align,
        textAlign: align,
        width: '100%',
        minWidth: 0,
      }}
    >
      {chosen && (
        <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
          {chosen.file.name}
        </Typography>
      )}
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', justifyContent: align }}>
        {(!chosen || chooseAgain) && (
          <Button
            variant="outlined"
            startIcon={chooseIcon}
            onClick={upload.open}
            disabled={disabled}
          >
            {chooseLabel}
          </Button>
        )}
        {chosen && chosenActions}
      </Box>
      {note && (
        <Typography variant="caption" color="text.secondary">
          {note}
        </Typography>
      )}
      {outcome?.kind === 'uploaded' && uploadedMessage && (
        <Alert severity="success" sx={alertSx}>
          {uploadedMessage}
        </Alert>
      )}
      {outcome?.kind === 'failed' && (
        <Alert severity="error" sx={alertSx}>
          {outcome.message}
        </Alert>
      )}
      {/* Opened by the button above: a file input styled as a button would nest one control in
          another, which screen readers announce badly. */}
      <input
        ref={upload.fileInput}
        type="file"
        hidden
        aria-label={fileLabel}
        accept={upload.limits.types.join(',')}
        onChange={upload.choose}
      />
    </Box>
  );
}
