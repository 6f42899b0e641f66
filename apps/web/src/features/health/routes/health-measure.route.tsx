import { useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { measureIdFromSlug, type MeasureId } from '@vitalia/health/measure.catalog';
import { ResultsNotes } from '../../../readings/components/results-notes';
import { useDisplayUnit } from '../../../readings/format/display-unit.hook';
import { OfflineBanner } from '../../../lib/offline/offline-banner';
import { discardFromOutbox, useOutbox, type OutboxItem } from '../../../lib/offline/outbox';
import { pendingReadingOf } from '../../../lib/offline/pending-reading';
import { PendingReadings } from '../../../lib/offline/pending-readings';
import { waitingReadingsOf } from '../../../lib/offline/waiting-readings';
import { paths } from '../../../lib/paths';
import { HistoryPanel } from '../components/history-panel';
import { LatestReadingPanel } from '../components/latest-reading-panel';
import { MeasureHeader } from '../components/measure-header';
import { MeasureNotFound } from '../components/measure-not-found';
import { NoticeSnackbar, useNotice } from '../components/notice-snackbar';
import { ReadingDialogs } from '../components/reading-dialogs';
import { ReadingFormDialog } from '../components/reading-form-dialog';
import { ReadingsPanel } from '../components/readings-panel';
import { useMeasurePage } from '../hooks/measure-page.hook';
import { useReadingDialogs } from '../hooks/reading-dialogs.hook';

/** /healths/{slug}: one measure in detail. An unknown slug says so instead of a blank page. */
export function HealthMeasureRoute() {
  const { id = '' } = useParams();
  const measure = measureIdFromSlug(id);
  if (!measure) return <MeasureNotFound slug={id} />;
  // Keyed, so moving from one measure to another starts with fresh dialogs and choices.
  return <MeasurePage key={measure} measure={measure} />;
}

/**
 * A measure's page: its newest rating and its chart side by side on a wide screen, every reading
 * below, and the dialogs that add, correct and delete readings. The data comes from
 * useMeasurePage, the dialogs' state from useReadingDialogs.
 */
function MeasurePage({ measure }: { measure: MeasureId }) {
  const data = useMeasurePage(measure);
  const notice = useNotice();
  const dialogs = useReadingDialogs(measure, notice.show);
  const [unit, setUnit] = useDisplayUnit(measure, (message) => notice.show(message, 'info'));
  // This measure's waiting readings, with a pulse that waits beside a pressure on the pulse's page.
  const all = useOutbox();
  const waiting = all.filter((item) => waitingReadingsOf(item, measure).length > 0);
  // A refused reading is not on its way: the chart does not say it will be drawn once sent.
  const onTheirWay = waiting.filter((item) => item.refusal === null).length;
  // A reading the server refused when it was sent from this device, open to be fixed.
  const [fixing, setFixing] = useState<OutboxItem | null>(null);

  return (
    <Stack spacing={3} sx={{ maxWidth: 1400 }}>
      <OfflineBanner updatedAt={data.history.dataUpdatedAt || data.analysis.dataUpdatedAt} />
      <Box>
        <Button
          component={RouterLink}
          to={paths.health}
          startIcon={<ArrowBackIcon />}
          sx={{ ml: -1 }}
        >
          All measures
        </Button>
      </Box>
      <MeasureHeader
        measure={measure}
        unit={unit}
        onUnitChange={setUnit}
        onAnnounce={notice.show}
        onAdd={dialogs.openNew}
        onGuided={dialogs.openGuided}
      />
      <Box
        sx={{
          display: 'grid',
          gap: 3,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(280px, 1fr) minmax(0, 2fr)' },
        }}
      >
        <LatestReadingPanel
          measure={measure}
          analysis={data.analysis}
          unit={unit}
          waiting={waiting}
          profile={data.rating}
        />
        <HistoryPanel measure={measure} data={data} unit={unit} waiting={onTheirWay} />
      </Box>
      <ReadingsPanel
        measure={measure}
        data={data}
        unit={unit}
        onCorrect={dialogs.openCorrection}
        onDelete={dialogs.askDelete}
        waiting={waiting.length}
        pending={
          <PendingReadings
            items={waiting}
            measure={measure}
            profile={data.rating}
            unit={unit}
            onFix={setFixing}
            onDiscarded={() => notice.show('Reading discarded.')}
          />
        }
      />
      {data.analysis.data && <ResultsNotes notes={data.analysis.data.notes} />}
      <ReadingDialogs
        measure={measure}
        dialogs={dialogs}
        profile={data.profile}
        profileSettled={data.profileSettled}
        unit={unit}
        onUnitChange={setUnit}
      />
      <ReadingFormDialog
        open={fixing !== null}
        measure={measure}
        original={null}
        draft={fixing ? pendingReadingOf(fixing) : null}
        profile={data.profile}
        unit={unit}
        onUnitChange={setUnit}
        onClose={() => setFixing(null)}
        onSaved={() => {
          // Saved again as a new reading (sent or waiting): the refused copy goes.
          if (fixing) void discardFromOutbox(fixing.key);
          setFixing(null);
          notice.show('Reading saved.');
        }}
      />
      <NoticeSnackbar {...notice.props} />
    </Stack>
  );
}
