import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { HealthReading } from '@vitalia/api/records.contract';
import type { MeasureId } from '@vitalia/health/measure.catalog';
import { ReadingLines } from '../../../readings/components/reading-lines';
import { formatTakenAt } from '../../../readings/format/reading-time';

interface SharedReadingsTableProps {
  measure: MeasureId;
  /** Newest first. */
  readings: readonly HealthReading[];
  labelledBy: string;
}

/**
 * The readings a link shows, as text: when and what. Notes are the person's own ('only you see
 * it', the reading form says) and are never shared.
 */
export function SharedReadingsTable({ measure, readings, labelledBy }: SharedReadingsTableProps) {
  return (
    <TableContainer>
      <Table size="small" aria-labelledby={labelledBy}>
        <TableHead>
          <TableRow>
            <TableCell>Taken</TableCell>
            <TableCell>Reading</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {readings.map((reading) => (
            <TableRow key={reading.id}>
              <TableCell sx={{ verticalAlign: 'top', whiteSpace: { sm: 'nowrap' } }}>
                <time dateTime={reading.takenAt}>{formatTakenAt(reading.takenAt)}</time>
              </TableCell>
              <TableCell sx={{ verticalAlign: 'top' }}>
                <ReadingLines measure={measure} reading={reading} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
