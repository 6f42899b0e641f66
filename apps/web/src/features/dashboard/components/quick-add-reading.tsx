import { useId, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Button from '@mui/material/Button';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import AddIcon from '@mui/icons-material/Add';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { MEASURE_IDS, MEASURES } from '@vitalia/health/measure.catalog';
import { paths } from '../../../lib/paths';

/** Where a new reading of a measure is typed: its page, with the form open. */
export const addReadingPath = paths.addReading;

/**
 * The dashboard's quick action: pick a measure and land in its reading form, two clicks from
 * the dashboard.
 */
export function QuickAddReading() {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const buttonId = useId();
  const menuId = useId();
  const open = anchor !== null;
  return (
    <>
      <Button
        id={buttonId}
        variant="contained"
        startIcon={<AddIcon />}
        endIcon={<ExpandMoreIcon />}
        aria-haspopup="menu"
        aria-controls={open ? menuId : undefined}
        aria-expanded={open}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        Add reading
      </Button>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={open}
        onClose={() => setAnchor(null)}
        slotProps={{ list: { 'aria-labelledby': buttonId, dense: true } }}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      >
        {MEASURE_IDS.map((measure) => (
          <MenuItem
            key={measure}
            component={RouterLink}
            to={addReadingPath(MEASURES[measure].slug)}
            onClick={() => setAnchor(null)}
          >
            <ListItemText>{MEASURES[measure].displayName}</ListItemText>
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
