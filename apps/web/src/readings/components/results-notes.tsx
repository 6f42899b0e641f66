import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { AnalysisResponse } from '@vitalia/api/records.contract';

/**
 * What is said under every set of results (docs/clinical-reference.md, 'Notes'): Vitalia follows
 * readings and does not diagnose; for someone under 18, that the adult ranges do not apply.
 */
export function ResultsNotes({ notes }: { notes: AnalysisResponse['notes'] }) {
  return (
    <Stack spacing={1.5} component="aside" aria-label="About these results">
      {notes.age && (
        <Alert severity="info" variant="outlined">
          {notes.age}
        </Alert>
      )}
      <Typography variant="body2" color="text.secondary">
        {notes.general}
      </Typography>
    </Stack>
  );
}
