import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import type { RatingProfile } from '../../../readings/rating-profile';
import type { HealthReading } from '@vitalia/api/records.contract';
import { analyseReading } from '@vitalia/health/analysis';
import type { MeasureId } from '@vitalia/health/measure.catalog';
import { ReadingChip } from '../../../readings/components/reading-chip';
import { ReadingLines } from '../../../readings/components/reading-lines';
import { scrollsHiddenText, visuallyHidden } from '../../../components/ui/visually-hidden';
import type { DisplayUnit } from '../../../readings/format/display-units';
import { formatTakenAt } from '../../../readings/format/reading-time';

// On a phone four columns do not fit: the rating moves under the reading, and the time under the
// date, so the table fits the card and the buttons stay in reach.
const wideOnly = { display: { xs: 'none', sm: 'table-cell' } } as const;
const narrowOnly = { display: { xs: 'block', sm: 'none' }, mt: 0.5 } as const;

interface ReadingsTableProps {
  measure: MeasureId;
  /** Newest first. */
  readings: readonly HealthReading[];
  profile: RatingProfile | null;
  unit: DisplayUnit | null;
  labelledBy: string;
  onEdit: (reading: HealthReading) => void;
  onDelete: (reading: HealthReading) => void;
}

/** Every reading of a measure with its rating, each one open to correction or deletion. */
export function ReadingsTable({
  measure,
  readings,
  profile,
  unit,
  labelledBy,
  onEdit,
  onDelete,
}: ReadingsTableProps) {
  return (
    <TableContainer sx={scrollsHiddenText}>
      <Table size="small" aria-labelledby={labelledBy}>
        <TableHead>
          <TableRow>
            <TableCell>Taken</TableCell>
            <TableCell>Reading</TableCell>
            <TableCell sx={wideOnly}>Result</TableCell>
            <TableCell align="right">
              {/* The buttons in the column say what they do. */}
              <Box component="span" sx={visuallyHidden}>
                Actions
              </Box>
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {readings.map((reading) => {
            const taken = formatTakenAt(reading.takenAt);
            const rating = analyseReading(measure, reading, profile);
            return (
              <TableRow key={reading.id} hover>
                <TableCell sx={{ whiteSpace: { sm: 'nowrap' } }}>
                  <time dateTime={reading.takenAt}>{taken}</time>
                </TableCell>
                <TableCell>
                  <ReadingLines measure={measure} reading={reading} unit={unit} />
                  {reading.note && (
                    <Typography
                      variant="body2"
                      color="text.secondary"
                      data-testid="reading-note"
                      sx={{ fontStyle: 'italic', overflowWrap: 'anywhere' }}
                    >
                      {reading.note}
                    </Typography>
                  )}
                  <Box sx={narrowOnly}>
                    {/* On a phone a long result ('Borderline: repeat the test') wraps rather
                        than pushing Delete off the edge. */}
                    <ReadingChip size="small" colour={rating.colour} label={rating.result} wrap />
                  </Box>
                </TableCell>
                <TableCell sx={wideOnly}>
                  <ReadingChip size="small" colour={rating.colour} label={rating.result} />
                </TableCell>
                <TableCell
                  align="right"
                  sx={{
                    px: { xs: 0.5, sm: 2 },
                    // Stacked on a phone, side by side where there is room.
                    '& > *': { display: { xs: 'flex', sm: 'inline-flex' } },
                    whiteSpace: 'nowrap',
                  }}
                >
                  <Tooltip title="Correct">
                    <IconButton
                      size="small"
                      aria-label={`Correct the reading of ${taken}`}
                      onClick={() => onEdit(reading)}
                    >
                      <EditOutlinedIcon fontSize="small" />
                    </IconButton>
                  </Tooltip>
                  <Tooltip title="Delete">
                    <IconButton
                      size="small"
                      aria-label={`Delete the reading of ${taken}`}
                      onClick={() => onDelete(reading)}
                    >
                      <DeleteOutlinedIcon fontSize="small" />
                    </IconButton>
                  </Tooltip>
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
