import { useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import PhotoCameraIcon from '@mui/icons-material/PhotoCamera';
import { profilePictureLimits, type Profile } from '@vitalia/api/identity.contract';
import { useChosenImage } from '../../../lib/chosen-image.hook';
import { apiErrorMessage } from '../../../lib/api-client';
import { pictureProblem, useUploadProfilePicture } from '../api/upload-profile-picture.mutation';
import { EmailText } from '../../../components/ui/email-text';
import { nameOf } from '../utils/profile-names';
import { ProfileAvatar } from './profile-avatar';

type Outcome = { kind: 'uploaded' } | { kind: 'failed'; message: string };

/** The picture, who is signed in, and a way to choose, preview and upload a new picture. */
export function ProfilePictureCard({ profile }: { profile: Profile }) {
  const uploadCall = useUploadProfilePicture();
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  const fileInput = useRef<HTMLInputElement>(null);

  const {
    chosen,
    choose,
    clear: clearChosen,
  } = useChosenImage(pictureProblem, (problem) =>
    setOutcome(problem ? { kind: 'failed', message: problem } : null),
  );

  const upload = async () => {
    if (!chosen) return;
    try {
      await uploadCall.mutateAsync(chosen.file);
      clearChosen();
      setOutcome({ kind: 'uploaded' });
    } catch (error) {
      setOutcome({ kind: 'failed', message: apiErrorMessage(error) });
    }
  };

  return (
    <Card variant="outlined" component="section" aria-labelledby="profile-picture-heading">
      <CardContent>
        <Typography id="profile-picture-heading" variant="h6" component="h2" sx={{ mb: 2 }}>
          Picture
        </Typography>
        <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center' }}>
          {chosen ? (
            <Box
              component="img"
              src={chosen.previewUrl}
              alt="Preview of the new picture"
              sx={{ width: 128, height: 128, borderRadius: '50%', objectFit: 'cover' }}
            />
          ) : (
            <ProfileAvatar
              profile={profile}
              size={128}
              alt={profile.displayPicture ? 'Your profile picture' : ''}
            />
          )}
          <Box sx={{ minWidth: 0, maxWidth: '100%' }}>
            <Typography variant="subtitle1" sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>
              <EmailText address={nameOf(profile)} />
            </Typography>
            {/* Without a name the line above is the address already. */}
            {nameOf(profile) !== profile.username && (
              <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                Signed in as <EmailText address={profile.username} />
              </Typography>
            )}
          </Box>

          {chosen ? (
            <>
              <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                {chosen.file.name}
              </Typography>
              <Stack direction="row" spacing={1}>
                <Button onClick={() => clearChosen()} disabled={uploadCall.isPending}>
                  Cancel
                </Button>
                <Button variant="contained" onClick={upload} loading={uploadCall.isPending}>
                  Upload picture
                </Button>
              </Stack>
            </>
          ) : (
            <Button
              variant="outlined"
              startIcon={<PhotoCameraIcon />}
              onClick={() => fileInput.current?.click()}
            >
              {profile.displayPicture ? 'Change picture' : 'Choose a picture'}
            </Button>
          )}
          <Typography variant="caption" color="text.secondary">
            JPEG, PNG or WebP, up to 2 MB.
          </Typography>

          {outcome?.kind === 'uploaded' && (
            <Alert severity="success" sx={{ width: '100%', textAlign: 'left' }}>
              Your picture is updated.
            </Alert>
          )}
          {outcome?.kind === 'failed' && (
            <Alert severity="error" sx={{ width: '100%', textAlign: 'left' }}>
              {outcome.message}
            </Alert>
          )}
        </Stack>
        {/* Opened by the button above: a file input styled as a button would nest one control
            in another, which screen readers announce badly. */}
        <input
          ref={fileInput}
          type="file"
          hidden
          aria-label="Picture file"
          accept={profilePictureLimits.types.join(',')}
          onChange={choose}
        />
      </CardContent>
    </Card>
  );
}
