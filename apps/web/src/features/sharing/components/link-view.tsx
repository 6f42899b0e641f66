import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import PrintIcon from '@mui/icons-material/Print';
import {
  linkReadingsPerMeasure,
  type LinkView as SharedLinkView,
} from '@vitalia/api/sharing.contract';
import { formatTakenAt } from '../../../readings/format/reading-time';
import { PrintStyles } from './print-styles';
import { SharedMeasureSection } from './shared-measure-section';

/** What a link shows: whose readings, for what, how current, and each measure shared. */
export function LinkView({ view }: { view: SharedLinkView }) {
  return (
    <Box sx={{ display: 'grid', gap: 1 }}>
      <PrintStyles />
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'flex-start' }}>
        <Box sx={{ flex: '1 1 320px', minWidth: 0 }}>
          <Typography
            variant="h4"
            component="h1"
            sx={{ fontWeight: 500, fontSize: { xs: '1.6rem', sm: '2.125rem' } }}
          >
            Health readings shared by {view.patientName}
          </Typography>
          <Typography sx={{ mt: 1, fontWeight: 500, overflowWrap: 'anywhere' }}>
            {view.label}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
            Generated {formatTakenAt(view.generatedAt)} · valid until{' '}
            {formatTakenAt(view.expiresAt)}
          </Typography>
        </Box>
        <Button variant="outlined" startIcon={<PrintIcon />} onClick={() => window.print()}>
          Print
        </Button>
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ maxWidth: '75ch' }}>
        Readings as recorded in Vitalia by the person themselves, newest first, at most{' '}
        {linkReadingsPerMeasure} of each measure. Each rating is Vitalia’s reading of the newest
        value against published ranges, not a diagnosis.
      </Typography>
      {view.measures.length === 0 ? (
        <Typography sx={{ mt: 2 }}>No readings are shared through this link.</Typography>
      ) : (
        view.measures.map((measure) => (
          <SharedMeasureSection
            key={measure.measure}
            view={measure}
            week={view.bloodPressureWeek}
          />
        ))
      )}
    </Box>
  );
}
