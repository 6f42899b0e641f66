import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { AccessLogSection } from '../components/access-log-section';
import { DoctorsSection } from '../components/doctors-section';
import { LinksSection } from '../components/links-section';

/**
 * Sharing: the person's doctors and links, and every look at what they share
 * (packages/api/src/sharing.contract.ts). A doctor reads in their app; a link shows a web page.
 */
export function SharingRoute() {
  return (
    <Stack spacing={3} sx={{ maxWidth: 1100 }}>
      <Typography sx={{ maxWidth: '70ch' }}>
        Share your readings with your doctor, and see every time they look. You choose what they see
        and for how long, and you can pause or end it whenever you like.
      </Typography>
      <DoctorsSection />
      <LinksSection />
      <AccessLogSection />
    </Stack>
  );
}
