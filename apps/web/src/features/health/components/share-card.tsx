import { Link as RouterLink } from 'react-router';
import Button from '@mui/material/Button';
import ShareOutlinedIcon from '@mui/icons-material/ShareOutlined';
import { paths } from '../../../lib/paths';
import { ToolCard, toolButtonSx } from './tool-card';

/** My Health's way to the sharing page: readings are what a person shares with a doctor. */
export function ShareCard() {
  return (
    <ToolCard
      headingId="share-heading"
      icon={ShareOutlinedIcon}
      title="Share with your doctor"
      text="Choose what your doctor sees, or make a link for a visit."
      action={
        <Button
          component={RouterLink}
          to={paths.sharing}
          variant="contained"
          fullWidth
          sx={toolButtonSx}
        >
          Share your readings
        </Button>
      }
    />
  );
}
