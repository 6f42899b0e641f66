import Button from '@mui/material/Button';
import Snackbar from '@mui/material/Snackbar';

interface UpdateOfferProps {
  open: boolean;
  onLater: () => void;
  onReload: () => void;
}

/**
 * The offer of a waiting new version: loaded only once one waits (update-prompt.tsx), from the
 * old version's service worker cache, which keeps every script of the version the page runs.
 */
export default function UpdateOffer({ open, onLater, onReload }: UpdateOfferProps) {
  return (
    // No time-out: the offer stays until taken or put off, and the page reloads only on the button.
    <Snackbar
      open={open}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      message="A new version of Vitalia is ready."
      action={
        <>
          <Button color="inherit" size="small" onClick={onLater}>
            Later
          </Button>
          <Button color="secondary" variant="contained" size="small" onClick={onReload}>
            Reload to update
          </Button>
        </>
      }
    />
  );
}
