import { useId, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { HealthReading } from '@vitalia/api/records.contract';
import type { MeasureId } from '@vitalia/health/measure.catalog';
import { apiErrorMessage } from '../../../lib/api-client';
import type { DisplayUnit } from '../../../readings/format/display-units';
import { measureInSentence } from '../../../readings/format/reading-format';
import type { MeasurePageData } from '../hooks/measure-page.hook';
import { MeasureSection, SectionWaiting } from './measure-section';
import { ReadingsTable } from './readings-table';

interface ReadingsPanelProps {
  measure: MeasureId;
  data: MeasurePageData;
  unit: DisplayUnit | null;
  onCorrect: (reading: HealthReading) => void;
  onDelete: (reading: HealthReading) => void;
  /** The readings saved on this device and not sent yet, shown above the stored ones. */
  pending?: ReactNode;
  /** How many readings wait to send: then 'no readings yet' would contradict the rows above. */
  waiting?: number;
}

/** Every reading of the measure, newest first, a page at a time. */
export function ReadingsPanel(props: ReadingsPanelProps) {
  const id = useId();
  return (
    <MeasureSection id={id} title="Readings">
      <Stack spacing={2}>
        {props.pending}
        <Readings {...props} labelledBy={id} />
      </Stack>
    </MeasureSection>
  );
}

function Readings({
  measure,
  data,
  unit,
  onCorrect,
  onDelete,
  labelledBy,
  waiting = 0,
}: ReadingsPanelProps & { labelledBy: string }) {
  const { history } = data;
  if (!history.data || !data.profileSettled) {
    return (
      <SectionWaiting query={history} what="Your readings" loadingLabel="Loading your readings" />
    );
  }
  const readings = history.data.pages.flatMap((page) => page.items);
  if (readings.length === 0) {
    return (
      <Typography color="text.secondary">
        {`No ${measureInSentence(measure)} readings ${waiting > 0 ? 'sent ' : ''}yet.`}
      </Typography>
    );
  }
  return (
    <Stack spacing={2}>
      <ReadingsTable
        measure={measure}
        readings={readings}
        profile={data.rating}
        unit={unit}
        labelledBy={labelledBy}
        onEdit={onCorrect}
        onDelete={onDelete}
      />
      {history.isFetchNextPageError && (
        <Alert severity="error">
          More readings could not be loaded: {apiErrorMessage(history.error)}
        </Alert>
      )}
      {history.hasNextPage && (
        <Box sx={{ display: 'flex', justifyContent: 'center' }}>
          <Button
            variant="outlined"
            onClick={() => void history.fetchNextPage()}
            loading={history.isFetchingNextPage}
          >
            Load more
          </Button>
        </Box>
      )}
    </Stack>
  );
}
