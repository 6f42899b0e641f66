import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { AccessEntry } from '@vitalia/api/sharing.contract';
import { formatTakenAt } from '../../../readings/format/reading-time';
import { fromWhereText, happenedText, whoText } from '../utils/access-log-text';
import { dividedListSx } from './sharing-section';

interface EntriesProps {
  entries: readonly AccessEntry[];
}

const wrap = { overflowWrap: 'anywhere' } as const;

/** Where the page is wide enough: one row an entry, in four columns. */
export function AccessLogTable({ entries }: EntriesProps) {
  return (
    <TableContainer>
      <Table size="small" aria-labelledby="access-log-heading">
        <TableHead>
          <TableRow>
            <TableCell>When</TableCell>
            <TableCell>Who</TableCell>
            <TableCell>What happened</TableCell>
            <TableCell>From</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {entries.map((entry) => (
            <TableRow key={entry.id}>
              <TableCell sx={{ whiteSpace: 'nowrap', verticalAlign: 'top' }}>
                <time dateTime={entry.at}>{formatTakenAt(entry.at)}</time>
              </TableCell>
              <TableCell sx={{ ...wrap, verticalAlign: 'top' }}>{whoText(entry)}</TableCell>
              <TableCell sx={{ ...wrap, verticalAlign: 'top' }}>{happenedText(entry)}</TableCell>
              <TableCell sx={{ ...wrap, verticalAlign: 'top', color: 'text.secondary' }}>
                {fromWhereText(entry)}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** On a phone: each entry a few lines, so nothing scrolls sideways. */
export function AccessLogList({ entries }: EntriesProps) {
  return (
    <Box component="ul" aria-labelledby="access-log-heading" sx={dividedListSx}>
      {entries.map((entry) => (
        <Box component="li" key={entry.id} sx={{ py: 1.5, display: 'grid', gap: 0.25 }}>
          <Typography variant="body2" color="text.secondary">
            <time dateTime={entry.at}>{formatTakenAt(entry.at)}</time>
          </Typography>
          <Typography variant="body2" sx={{ ...wrap, fontWeight: 500 }}>
            {whoText(entry)}
          </Typography>
          <Typography variant="body2" sx={wrap}>
            {happenedText(entry)}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={wrap}>
            From {fromWhereText(entry)}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
