import { useId, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useForm } from 'react-hook-form';
import { useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import DeleteForeverIcon from '@mui/icons-material/DeleteForever';
import type { AccountDeletionRequest, Profile } from '@vitalia/api/identity.contract';
import { useDeletionGrace } from '../../../api/privacy-contact.query';
import { PasswordField } from '../../../components/ui/password-field';
import { textFieldRegistration } from '../../../lib/form-field';
import { paths } from '../../../lib/paths';
import { placeFieldProblems } from '../../../lib/server-message';
import { signOut } from '../../../lib/token-store';
import { clearDeviceData } from '../../../lib/offline/clear-device';
import { useRequestAccountDeletion } from '../api/account-deletion';
import { useSocialLinks } from '../api/social-links';
import { leaveDeletionNotice } from '../utils/deletion-notice';
import { SettingHeading } from './setting-heading';

/** What deleting removes, as the server does it (docs/decisions/0032-account-deletion.md). */
export const deletedItems = [
  'Your profile and profile picture',
  'All your readings and your health assessment',
  'Every session and sign-in token: all your devices are signed out at once',
  'LinkedIn, if it is connected to your account',
  'Your shares with doctors and your share links: they end at once',
  'Your reminders and weekly summary',
] as const;

export const keptItem =
  'Your orders, for the store’s accounts, with your name, email, phone and delivery address replaced.';

interface FormValues {
  password: string;
  email: string;
  code: string;
}

function DeleteAccountDialog({ profile, onClose }: { profile: Profile; onClose: () => void }) {
  // The server's configured grace; 'some time' only for the moment before it answers.
  const grace = useDeletionGrace() ?? 'some time';
  const titleId = useId();
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const queryClient = useQueryClient();
  const linksQuery = useSocialLinks();
  const deletionCall = useRequestAccountDeletion();
  const [failure, setFailure] = useState<string | null>(null);
  // Until the links answer, the password is asked: most accounts have one.
  const hasPassword = linksQuery.data?.hasPassword ?? true;
  const twoFactor = profile.twoFactorEnabled;
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<FormValues>({ defaultValues: { password: '', email: '', code: '' } });

  const onSubmit = async (values: FormValues) => {
    setFailure(null);
    const request: AccountDeletionRequest = hasPassword
      ? { password: values.password }
      : { email: values.email };
    if (twoFactor) request.code = values.code;
    try {
      const answer = await deletionCall.mutateAsync(request);
      // The server has ended every session, this one too; the route guard moves the person to
      // the sign-in page, which shows the answer.
      leaveDeletionNotice(answer.message);
      signOut();
      queryClient.clear();
      // Nothing of the account stays on the device: kept readings, unsent ones, caches.
      void clearDeviceData().catch(() => undefined);
    } catch (error) {
      setFailure(
        placeFieldProblems(error, ({ field, message }) => {
          if (field === 'password' || field === 'email' || field === 'code') {
            setError(field, { message }, { shouldFocus: true });
            return true;
          }
          return false;
        }),
      );
    }
  };

  return (
    <Dialog open onClose={onClose} fullScreen={fullScreen} aria-labelledby={titleId} maxWidth="sm">
      <Box
        component="form"
        noValidate
        onSubmit={handleSubmit(onSubmit)}
        aria-label="Confirm deleting your account"
      >
        <DialogTitle id={titleId}>Delete your account?</DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 2 }}>
          <Typography>
            Your account is deleted <strong>{grace}</strong> after you confirm. Until then, signing
            in offers to restore it, with everything as it was. We send you a mail now and another
            when it is done.
          </Typography>
          <Box component="section" aria-labelledby={`${titleId}-goes`}>
            <Typography id={`${titleId}-goes`} variant="subtitle1" component="h3">
              What is deleted
            </Typography>
            <Box component="ul" sx={{ my: 0.5, pl: 3 }}>
              {deletedItems.map((item) => (
                <li key={item}>
                  <Typography variant="body2">{item}</Typography>
                </li>
              ))}
            </Box>
          </Box>
          <Box component="section" aria-labelledby={`${titleId}-stays`}>
            <Typography id={`${titleId}-stays`} variant="subtitle1" component="h3">
              What is kept
            </Typography>
            <Typography variant="body2">{keptItem}</Typography>
          </Box>
          <Typography variant="body2">
            Want a copy first?{' '}
            <Link component={RouterLink} to={paths.account}>
              Download my data
            </Link>{' '}
            on your Account page.
          </Typography>
          {failure && <Alert severity="error">{failure}</Alert>}
          <Stack spacing={2}>
            {hasPassword ? (
              <PasswordField
                {...textFieldRegistration(
                  register('password', { required: 'Enter your password.' }),
                )}
                label="Current password"
                autoComplete="current-password"
                fullWidth
                error={Boolean(errors.password)}
                helperText={errors.password?.message}
              />
            ) : (
              <TextField
                {...textFieldRegistration(
                  register('email', { required: 'Type your email address.' }),
                )}
                label="Your email address"
                type="email"
                autoComplete="off"
                fullWidth
                error={Boolean(errors.email)}
                helperText={
                  errors.email?.message ??
                  `Your account has no password: type ${profile.username} to confirm.`
                }
              />
            )}
            {twoFactor && (
              <TextField
                {...textFieldRegistration(
                  register('code', { required: 'Enter a code from your app.' }),
                )}
                label="Code from the app, or a recovery code"
                autoComplete="one-time-code"
                fullWidth
                error={Boolean(errors.code)}
                helperText={errors.code?.message}
                slotProps={{ htmlInput: { spellCheck: false, autoCapitalize: 'none' } }}
              />
            )}
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2, flexWrap: 'wrap', gap: 1 }}>
          <Button onClick={onClose} disabled={deletionCall.isPending}>
            Keep my account
          </Button>
          <Button
            type="submit"
            variant="contained"
            color="error"
            startIcon={<DeleteForeverIcon />}
            loading={deletionCall.isPending}
          >
            Yes, delete my account
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}

/** The security page's last section: deleting the account, after the configured grace. */
export function DeleteAccountCard({ profile }: { profile: Profile }) {
  // The server's configured grace; 'some time' only for the moment before it answers.
  const grace = useDeletionGrace() ?? 'some time';
  const [open, setOpen] = useState(false);
  return (
    <Card variant="outlined" component="section" aria-labelledby="delete-account-heading">
      <CardContent sx={{ display: 'grid', gap: 2 }}>
        <SettingHeading
          icon={<DeleteForeverIcon color="error" />}
          id="delete-account-heading"
          title="Delete my account"
        >
          Deletes your profile, readings and everything else you keep here, {grace} after you
          confirm. Until then you can restore it by signing in. Your orders are kept for the store’s
          accounts, without your name or contact details.
        </SettingHeading>
        <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
          <Button variant="outlined" color="error" onClick={() => setOpen(true)}>
            Delete my account
          </Button>
        </Box>
      </CardContent>
      {open && <DeleteAccountDialog profile={profile} onClose={() => setOpen(false)} />}
    </Card>
  );
}
