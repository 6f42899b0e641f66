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
import type { Profile } from '@vitalia/api/identity.contract';
import type { HealthReading } from '@vitalia/api/records.contract';
import { analyseReading } from '@vitalia/health/analysis';
import type { MeasureId } from '@vitalia/health/measure.catalog';
import { ReadingChip } from '../../../components/ui/reading-chip';
import type { DisplayUnit } from '../utils/display-units';
import { readingContext, readingText } from '../utils/reading-format';
import { formatTakenAt } from '../../../lib/reading-time';

// Read by screen readers, not shown: the buttons in the column say what they do.
const hidden = {
  position: 'absolute',
  // Strings: in sx a bare 1 would mean 100%.
  width: '1px',
  height: '1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

interface ReadingsTableProps {
  measure: MeasureId;
  /** Newest first. */
  readings: readonly HealthReading[];
  profile: Profile | null;
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
    <TableContainer>
      <Table size="small" aria-labelledby={labelledBy}>
        <TableHead>
          <TableRow>
            <TableCell>Taken</TableCell>
            <TableCell>Reading</TableCell>
            <TableCell>Result</TableCell>
            <TableCell align="right">
              <Box component="span" sx={hidden}>
                Actions
              </Box>
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {readings.map((reading) => {
            const taken = formatTakenAt(reading.takenAt);
            const rating = analyseReading(measure, reading, profile);
            const context = readingContext(measure, reading.narration);
            return (
              <TableRow key={reading.id} hover>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  <time dateTime={reading.takenAt}>{taken}</time>
                </TableCell>
                <TableCell>
                  <Typography variant="body2" sx={{ fontWeight: 500 }}>
                    {readingText(measure, reading, unit)}
                  </Typography>
                  {context && (
                    <Typography variant="caption" color="text.secondary">
                      {context}
                    </Typography>
                  )}
                </TableCell>
                <TableCell>
                  <ReadingChip size="small" colour={rating.colour} label={rating.result} />
                </TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
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
