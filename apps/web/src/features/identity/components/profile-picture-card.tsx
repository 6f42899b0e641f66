import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import PhotoCameraIcon from '@mui/icons-material/PhotoCamera';
import { profilePictureLimits, type Profile } from '@vitalia/api/identity.contract';
import { ImageUploadField } from '../../../components/image-upload/image-upload-field';
import { imageLimitsText } from '../../../components/image-upload/image-limits';
import { useImageUpload } from '../../../components/image-upload/image-upload.hook';
import { apiErrorMessage } from '../../../lib/api-client';
import { useUploadProfilePicture } from '../api/upload-profile-picture.mutation';
import { EmailText } from '../../../components/ui/email-text';
import { nameOf } from '../utils/profile-names';
import { ProfileAvatar } from './profile-avatar';

/** The picture, who is signed in, and a way to choose, preview and upload a new picture. */
export function ProfilePictureCard({ profile }: { profile: Profile }) {
  const uploadCall = useUploadProfilePicture();
  const picture = useImageUpload(profilePictureLimits, 'picture');
  const { chosen } = picture;

  const upload = async () => {
    if (!chosen) return;
    try {
      await uploadCall.mutateAsync(chosen.file);
      picture.clear();
      picture.setOutcome({ kind: 'uploaded' });
    } catch (error) {
      picture.setOutcome({ kind: 'failed', message: apiErrorMessage(error) });
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

          <ImageUploadField
            upload={picture}
            fileLabel="Picture file"
            chooseLabel={profile.displayPicture ? 'Change picture' : 'Choose a picture'}
            chooseIcon={<PhotoCameraIcon />}
            chosenActions={
              <>
                <Button onClick={() => picture.clear()} disabled={uploadCall.isPending}>
                  Cancel
                </Button>
                <Button variant="contained" onClick={upload} loading={uploadCall.isPending}>
                  Upload picture
                </Button>
              </>
            }
            note={`${imageLimitsText(profilePictureLimits)}.`}
            uploadedMessage="Your picture is updated."
            align="center"
          />
        </Stack>
      </CardContent>
    </Card>
  );
}
