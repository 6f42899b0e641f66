import Chip from '@mui/material/Chip';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import ErrorIcon from '@mui/icons-material/Error';
import RemoveCircleOutlineIcon from '@mui/icons-material/RemoveCircleOutlineOutlined';
import WarningIcon from '@mui/icons-material/Warning';
import { readingColours, type ReadingColour } from './reading-colours';

const icons: Record<ReadingColour, typeof CheckCircleIcon> = {
  green: CheckCircleIcon,
  yellow: WarningIcon,
  red: ErrorIcon,
  grey: RemoveCircleOutlineIcon,
};

export interface ReadingChipProps {
  colour: ReadingColour;
  /** The result label ('Normal', 'Low', 'No reading yet'). */
  label: string;
  size?: 'small' | 'medium';
  /** Let a long label wrap over lines instead of widening what holds it (a narrow table). */
  wrap?: boolean;
}

/**
 * A reading's rating: colour, icon and label together, so the meaning never rests on colour
 * alone. `data-colour` names the colour for tests and styling.
 */
export function ReadingChip({ colour, label, size = 'medium', wrap = false }: ReadingChipProps) {
  const tokens = readingColours[colour];
  const Icon = icons[colour];
  return (
    <Chip
      data-colour={colour}
      size={size}
      icon={<Icon aria-hidden />}
      // Labels start lower case when they come from a sentence ('invalid, please re-enter').
      label={label.charAt(0).toUpperCase() + label.slice(1)}
      sx={{
        bgcolor: tokens.background,
        color: tokens.text,
        border: 1,
        borderColor: tokens.main,
        fontWeight: 500,
        maxWidth: '100%',
        // A new rating shows in its own colour from the first frame, never half-way from the
        // last one (a fade from green behind 'Very low' read as calm for a moment).
        transition: 'none',
        '& .MuiChip-icon': { color: tokens.main },
        ...(wrap && { height: 'auto', '& .MuiChip-label': { whiteSpace: 'normal', py: 0.25 } }),
      }}
    />
  );
}
