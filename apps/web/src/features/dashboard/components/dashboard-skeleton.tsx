import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import { MEASURE_IDS } from '@vitalia/health/measure.catalog';
import { tileGridSx } from './tile-grid';

/** The dashboard's shape while the analysis loads. */
export function DashboardSkeleton() {
  return (
    <Box aria-busy="true" aria-label="Loading your dashboard" role="status">
      <Card variant="outlined" sx={{ mb: 3 }}>
        <CardContent sx={{ display: 'flex', gap: 3, alignItems: 'center', flexWrap: 'wrap' }}>
          <Skeleton variant="circular" width={140} height={140} />
          <Box sx={{ flex: '1 1 260px' }}>
            <Skeleton width="40%" sx={{ fontSize: '1.5rem' }} />
            <Skeleton width="70%" />
            <Skeleton width="60%" />
          </Box>
        </CardContent>
      </Card>
      <Box sx={tileGridSx}>
        {MEASURE_IDS.map((measure) => (
          <Card key={measure} variant="outlined">
            <CardContent>
              <Skeleton width="50%" sx={{ fontSize: '1.25rem' }} />
              <Skeleton width="40%" sx={{ fontSize: '1.5rem' }} />
              <Skeleton variant="rounded" width={90} height={24} />
            </CardContent>
          </Card>
        ))}
      </Box>
    </Box>
  );
}
