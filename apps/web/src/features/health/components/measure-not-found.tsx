import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { MEASURE_IDS, MEASURES } from '@vitalia/health/measure.catalog';
import { paths } from '../../../lib/paths';

/** /healths/{slug} for a slug that names no measure. */
export function MeasureNotFound({ slug }: { slug: string }) {
  // Lower case in a sentence, except an abbreviation such as BMI.
  const names = MEASURE_IDS.map((measure) => {
    const name = MEASURES[measure].displayName;
    return name === name.toUpperCase() ? name : name.toLowerCase();
  });
  return (
    <Box sx={{ maxWidth: 640 }}>
      <Typography variant="h5" component="h2" sx={{ fontWeight: 500, mb: 1.5 }}>
        There is no measure called ‘{slug}’
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        Vitalia follows {names.slice(0, -1).join(', ')} and {names.at(-1)}. The address may be
        mistyped, or the link may be out of date.
      </Typography>
      <Button
        component={RouterLink}
        to={paths.health}
        variant="contained"
        startIcon={<ArrowBackIcon />}
      >
        Back to My Health
      </Button>
    </Box>
  );
}
