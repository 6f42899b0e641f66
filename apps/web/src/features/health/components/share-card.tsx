import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import ShareOutlinedIcon from '@mui/icons-material/ShareOutlined';
import { paths } from '../../../lib/paths';

/** My Health's way to the sharing page: readings are what a person shares with a doctor. */
export function ShareCard() {
  return (
    <Card variant="outlined" component="section" aria-labelledby="share-heading">
      <CardContent
        sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'center', p: { sm: 3 } }}
      >
        <Box sx={{ flex: '1 1 320px', minWidth: 0 }}>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1 }}>
            <ShareOutlinedIcon color="primary" aria-hidden />
            <Typography id="share-heading" variant="h6" component="h2">
              Share with your doctor
            </Typography>
          </Box>
          <Typography color="text.secondary">
            Let your doctor see the readings you choose, or make a link to show at a visit. You see
            every time they look, and can stop it at any time.
          </Typography>
        </Box>
        <Button component={RouterLink} to={paths.sharing} variant="contained">
          Share your readings
        </Button>
      </CardContent>
    </Card>
  );
}
