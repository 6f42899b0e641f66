import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import MedicalServicesOutlinedIcon from '@mui/icons-material/MedicalServicesOutlined';
import PersonAddAlt1OutlinedIcon from '@mui/icons-material/PersonAddAlt1Outlined';
import type { Share } from '@vitalia/api/sharing.contract';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { useProfile } from '../../../api/profile.query';
import { apiErrorMessage } from '../../../lib/api-client';
import { useChangeShare } from '../api/change-share.mutation';
import { useEndShare } from '../api/end-share.mutation';
import { useShares } from '../api/shares.query';
import { useEndConfirmation } from '../hooks/end-confirmation.hook';
import { doctorOf } from '../utils/share-text';
import { InviteDialog } from './invite-dialog';
import { ShareList } from './share-list';
import { SectionWaiting, SharingSection } from './sharing-section';

type News = { text: string; severity: 'success' | 'info' | 'error' } | null;

/** What ending a share means, said before it is done. */
function endQuestion(share: Share) {
  const doctor = doctorOf(share);
  if (share.status === 'pending') {
    return {
      title: 'Withdraw this invite?',
      message: `${doctor} can no longer accept it. You can invite them again at any time.`,
      confirmLabel: 'Withdraw invite',
      done: `The invite to ${doctor} is withdrawn.`,
    };
  }
  return {
    title: `End sharing with ${doctor}?`,
    message: `${doctor} can no longer see anything you shared, from now on. To share again, send a new invite. The share stays below, for the record.`,
    confirmLabel: 'End sharing',
    done: `Sharing with ${doctor} has ended.`,
  };
}

/** Your doctors: every share with its status, paused, resumed or ended from here. */
export function DoctorsSection() {
  // Inviting needs a confirmed address (the server answers EMAIL_NOT_CONFIRMED): said up front.
  const unconfirmed = useProfile().data?.emailVerified === false;
  const sharesQuery = useShares();
  const change = useChangeShare();
  const end = useEndShare();
  const [inviting, setInviting] = useState(false);
  const [news, setNews] = useState<News>(null);
  const ending = useEndConfirmation<Share>(end.mutateAsync, (share, already) =>
    setNews(
      already
        ? { text: 'That share had already ended.', severity: 'info' }
        : { text: endQuestion(share).done, severity: 'success' },
    ),
  );

  const pause = (share: Share, paused: boolean) => {
    setNews(null);
    change.mutate(
      { id: share.id, paused },
      {
        onSuccess: () =>
          setNews({
            text: paused
              ? `Paused: ${doctorOf(share)} sees nothing until you resume.`
              : `Resumed: ${doctorOf(share)} can see what you share again.`,
            severity: 'success',
          }),
        onError: (error) => setNews({ text: apiErrorMessage(error), severity: 'error' }),
      },
    );
  };

  const question = ending.target && endQuestion(ending.target);
  return (
    <SharingSection
      id="doctors-heading"
      icon={<MedicalServicesOutlinedIcon />}
      title="Your doctors"
      intro="A doctor with a Vitalia doctor account sees what you choose in their app, from when they accept until you pause or end it."
      action={
        <Button
          variant="contained"
          startIcon={<PersonAddAlt1OutlinedIcon />}
          onClick={() => {
            setNews(null);
            setInviting(true);
          }}
        >
          Invite a doctor
        </Button>
      }
    >
      {unconfirmed && (
        <Alert severity="info">
          Confirm your email address before you invite a doctor: the invite tells them who it is
          from. Open the link we mailed you, or ask for a new one in the banner at the top.
        </Alert>
      )}
      {news && (
        <Alert severity={news.severity} onClose={() => setNews(null)}>
          {news.text}
        </Alert>
      )}
      <SectionWaiting query={sharesQuery} what="Your doctors" loadingLabel="Loading your doctors" />
      {sharesQuery.data && (
        <ShareList
          shares={sharesQuery.data}
          changingId={change.isPending ? (change.variables?.id ?? null) : null}
          onPause={pause}
          onEnd={(share) => {
            setNews(null);
            ending.ask(share);
          }}
        />
      )}
      <InviteDialog
        open={inviting}
        onClose={() => setInviting(false)}
        onInvited={(text) => {
          setInviting(false);
          setNews({ text, severity: 'success' });
        }}
      />
      <ConfirmDialog
        {...ending.dialog}
        title={question?.title ?? ''}
        message={question?.message ?? ''}
        confirmLabel={question?.confirmLabel ?? ''}
        destructive
      />
    </SharingSection>
  );
}
