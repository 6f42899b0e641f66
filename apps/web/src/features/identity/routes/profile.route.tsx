import { useCallback, useState } from 'react';
import { useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import EditIcon from '@mui/icons-material/Edit';
import { apiErrorMessage } from '../../../lib/api-client';
import { useProfile } from '../../../api/profile.query';
import { contactEntries, DetailsSection, personalEntries } from '../components/profile-details';
import { ProfileForm } from '../components/profile-form';
import { ProfilePictureCard } from '../components/profile-picture-card';

/** Profile view and edit; registration arrives here with ?edit=true. */
export function ProfileRoute() {
  const profileQuery = useProfile();
  const [searchParams, setSearchParams] = useSearchParams();
  const editing = searchParams.get('edit') === 'true';
  const [saved, setSaved] = useState(false);
  // Stable, so it runs when the alert appears and not on every render after.
  const showOnArrival = useCallback((alert: HTMLElement | null) => {
    alert?.scrollIntoView?.({ block: 'start' });
  }, []);

  const startEditing = () => {
    setSaved(false);
    setSearchParams({ edit: 'true' });
  };
  const stopEditing = () => setSearchParams({}, { replace: true });

  if (profileQuery.isPending) {
    return (
      <Box sx={{ display: 'grid', placeItems: 'center', py: 8 }}>
        <CircularProgress aria-label="Loading your profile" />
      </Box>
    );
  }
  if (profileQuery.isError) {
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void profileQuery.refetch()}>
            Try again
          </Button>
        }
      >
        Your profile could not be loaded: {apiErrorMessage(profileQuery.error)}
      </Alert>
    );
  }

  const profile = profileQuery.data;
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 3,
        alignItems: 'start',
        gridTemplateColumns: { xs: '1fr', md: '280px 1fr' },
        maxWidth: 1100,
      }}
    >
      <ProfilePictureCard profile={profile} />
      <Stack spacing={3} sx={{ minWidth: 0 }}>
        {editing && !profile.firstName && !profile.lastName && (
          <Alert severity="info">
            Welcome to Vitalia. Your date of birth, gender and height let Vitalia read your pulse
            and BMI against the right ranges; everything here is optional.
          </Alert>
        )}
        {editing ? (
          <ProfileForm
            profile={profile}
            onSaved={() => {
              setSaved(true);
              stopEditing();
            }}
            onCancel={stopEditing}
          />
        ) : (
          <>
            {saved && (
              <Alert
                severity="success"
                onClose={() => setSaved(false)}
                // Brought into view below the fixed top bar: the Save button that led here was
                // at the bottom of a long form, on a phone well out of sight of this.
                ref={showOnArrival}
                sx={{ scrollMarginTop: { xs: 72, sm: 88 } }}
              >
                Your profile is saved.
              </Alert>
            )}
            <DetailsSection
              id="personal-heading"
              heading="Personal details"
              entries={personalEntries(profile)}
              action={
                <Button variant="outlined" startIcon={<EditIcon />} onClick={startEditing}>
                  Edit profile
                </Button>
              }
            />
            <DetailsSection
              id="contact-heading"
              heading="Contact details"
              entries={contactEntries(profile)}
            />
          </>
        )}
      </Stack>
    </Box>
  );
}
