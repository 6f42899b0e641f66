import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import AddLinkIcon from '@mui/icons-material/AddLink';
import LinkIcon from '@mui/icons-material/Link';
import type { ShareLink } from '@vitalia/api/sharing.contract';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { useEndLink } from '../api/end-link.mutation';
import { useLinks } from '../api/links.query';
import { useEndConfirmation } from '../hooks/end-confirmation.hook';
import { LinkDialog } from './link-dialog';
import { LinkRow } from './link-row';
import { dividedListSx, SectionWaiting, SharingSection } from './sharing-section';

/** Links for a visit: a page of readings for a clinician without a Vitalia account. */
export function LinksSection() {
  const linksQuery = useLinks();
  const end = useEndLink();
  const [making, setMaking] = useState(false);
  const [news, setNews] = useState<string | null>(null);
  // Expired or ended meanwhile, it opens nothing either way.
  const ending = useEndConfirmation<ShareLink>(end.mutateAsync, (link) =>
    setNews(`The link “${link.label}” has ended: it opens nothing from now on.`),
  );

  // The links that still open first, as the server orders each kind.
  const links = linksQuery.data && [
    ...linksQuery.data.filter((link) => link.status === 'active'),
    ...linksQuery.data.filter((link) => link.status !== 'active'),
  ];
  return (
    <SharingSection
      id="links-heading"
      icon={<LinkIcon />}
      title="Links for a visit"
      intro="For a clinician without a Vitalia account: a link that shows your readings, read only, for as long as you choose. Every opening is written in the access log."
      action={
        <Button
          variant="contained"
          startIcon={<AddLinkIcon />}
          onClick={() => {
            setNews(null);
            setMaking(true);
          }}
        >
          Make a link
        </Button>
      }
    >
      {news && (
        <Alert severity="success" onClose={() => setNews(null)}>
          {news}
        </Alert>
      )}
      <SectionWaiting query={linksQuery} what="Your links" loadingLabel="Loading your links" />
      {links && links.length === 0 && <Typography color="text.secondary">No links yet.</Typography>}
      {links && links.length > 0 && (
        <Box component="ul" aria-label="Your links" sx={dividedListSx}>
          {links.map((link) => (
            <LinkRow
              key={link.id}
              link={link}
              onEnd={(one) => {
                setNews(null);
                ending.ask(one);
              }}
            />
          ))}
        </Box>
      )}
      <LinkDialog open={making} onClose={() => setMaking(false)} />
      <ConfirmDialog
        {...ending.dialog}
        title="End this link?"
        message={`“${ending.target?.label ?? ''}” opens nothing from now on, even for someone who has it and its code. A page already open stays on their screen until they close it.`}
        confirmLabel="End link"
        destructive
      />
    </SharingSection>
  );
}
