import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import { MEASURES, type MeasureId } from '@vitalia/health/measure.catalog';
import { addReadingPath } from './quick-add-reading';

/** The measures without a reading, as one compact row of 'Add' buttons rather than empty cards. */
export function AddMeasureList({
  measures,
  heading,
}: {
  measures: readonly MeasureId[];
  heading: string;
}) {
  if (measures.length === 0) return null;
  return (
    <Box component="section" aria-labelledby="add-measures-heading">
      <Typography id="add-measures-heading" variant="h6" component="h2" sx={{ mb: 1 }}>
        {heading}
      </Typography>
      <Box
        component="ul"
        sx={{ m: 0, p: 0, listStyle: 'none', display: 'flex', flexWrap: 'wrap', gap: 1 }}
      >
        {measures.map((measure) => (
          <li key={measure}>
            <Button
              component={RouterLink}
              to={addReadingPath(MEASURES[measure].slug)}
              variant="outlined"
              size="small"
              startIcon={<AddIcon />}
              // A finger's width on a phone (docs/decisions/0052-dense-phone-layouts.md).
              sx={{ bgcolor: 'background.paper', minHeight: { xs: 44, sm: 0 } }}
            >
              {MEASURES[measure].displayName}
            </Button>
          </li>
        ))}
      </Box>
    </Box>
  );
}
