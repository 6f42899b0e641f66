import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import TextField from '@mui/material/TextField';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import DownloadIcon from '@mui/icons-material/Download';
import { totpEnableRequest } from '@vitalia/api/identity.contract';
import type { z } from '@vitalia/api/zod';
import { fieldMessage, textFieldRegistration } from '../../../lib/form-field';
import { httpStatusOf } from '../../../lib/http-status';
import { placeFieldProblems } from '../../../lib/server-message';
import { PasswordConfirmForm } from './password-confirm-form';
import { profileQueryKey } from '../../../api/profile.query';
import { useEnableTotp } from '../api/totp-enable.mutation';
import { useSetupTotp, type TotpSetup } from '../api/totp-setup.mutation';
import {
  downloadTextFile,
  groupKey,
  recoveryCodesFileName,
  recoveryCodesText,
} from '../utils/two-factor-text';

const steps = ['Confirm your password', 'Scan the QR code', 'Save your recovery codes'];

type CodeForm = z.infer<typeof totpEnableRequest>;

interface StepProps {
  onCancel: () => void;
}

function PasswordStep({ onCancel, onReady }: StepProps & { onReady: (setup: TotpSetup) => void }) {
  const queryClient = useQueryClient();
  const setupCall = useSetupTotp();
  return (
    <PasswordConfirmForm
      label="Confirm your password"
      intro="Changing how you sign in needs your password again, so that nobody else at this device can do it."
      submitLabel="Continue"
      busy={setupCall.isPending}
      submit={async (password) => onReady(await setupCall.mutateAsync(password))}
      onRefused={(error) => {
        // Switched on meanwhile, say in another tab: the fresh profile shows it.
        if (httpStatusOf(error) === 409) {
          void queryClient.invalidateQueries({ queryKey: profileQueryKey });
        }
      }}
      afterRefusal={
        <Typography variant="body2" color="text.secondary">
          Created your account with LinkedIn? Then it has no Vitalia password yet. Sign out, choose
          &ldquo;Forgot your password?&rdquo; on the sign-in page to set one, and come back here.
        </Typography>
      }
      onCancel={onCancel}
    />
  );
}

function CopyKeyButton({ secret }: { secret: string }) {
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(secret);
      setCopied('yes');
    } catch {
      setCopied('failed');
    }
  };
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}>
      <Button variant="outlined" size="small" startIcon={<ContentCopyIcon />} onClick={copy}>
        Copy key
      </Button>
      <Typography role="status" variant="body2" color="text.secondary">
        {copied === 'yes' && 'The key is copied.'}
        {copied === 'failed' && 'This browser would not copy; select the key and copy it.'}
      </Typography>
    </Box>
  );
}

function ScanStep({
  setup,
  onCancel,
  onEnabled,
}: StepProps & { setup: TotpSetup; onEnabled: (codes: string[]) => void }) {
  const enableCall = useEnableTotp();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<CodeForm>({
    resolver: zodResolver(totpEnableRequest),
    defaultValues: { code: '' },
  });

  const onSubmit = async ({ code }: CodeForm) => {
    setFailure(null);
    try {
      onEnabled(await enableCall.mutateAsync(code));
    } catch (error) {
      setFailure(
        placeFieldProblems(error, ({ field, message }) => {
          if (field !== 'code') return false;
          setError('code', { message }, { shouldFocus: true });
          return true;
        }),
      );
    }
  };

  return (
    <Stack spacing={3}>
      <Box
        sx={{
          display: 'grid',
          gap: 3,
          // Side by side only where the key still fits beside the code.
          gridTemplateColumns: { xs: '1fr', md: 'auto 1fr' },
          alignItems: 'start',
        }}
      >
        <Box
          component="img"
          src={setup.qrCode}
          alt="QR code that adds Vitalia to an authenticator app"
          sx={{
            width: 196,
            height: 196,
            p: 1,
            bgcolor: 'common.white',
            border: 1,
            borderColor: 'divider',
            borderRadius: 1,
            justifySelf: { xs: 'center', md: 'start' },
          }}
        />
        <Stack spacing={2} sx={{ minWidth: 0 }}>
          <Typography>
            Scan the QR code with an authenticator app on your phone, such as Google Authenticator,
            Microsoft Authenticator or 1Password.
          </Typography>
          {/* A phone cannot scan its own screen: the otpauth link hands the key to the
              authenticator app installed on it. */}
          <Box>
            <Typography color="text.secondary" sx={{ mb: 1 }}>
              Using Vitalia on the phone with the app?
            </Typography>
            <Button
              component="a"
              href={setup.otpauthUrl}
              variant="outlined"
              startIcon={<OpenInNewIcon />}
            >
              Open in authenticator app
            </Button>
          </Box>
          <Typography color="text.secondary">
            Cannot scan it or open it? Choose to enter a key in the app, and type this one:
          </Typography>
          {/* Multiline, so a narrow column wraps the key between groups instead of hiding
              its end. */}
          <TextField
            label="Setup key"
            value={groupKey(setup.secret)}
            fullWidth
            multiline
            slotProps={{
              htmlInput: {
                readOnly: true,
                spellCheck: false,
                style: { fontFamily: 'ui-monospace, "Roboto Mono", Menlo, Consolas, monospace' },
              },
            }}
            helperText="Time-based; the spaces do not matter."
          />
          <CopyKeyButton secret={setup.secret} />
        </Stack>
      </Box>

      <Stack
        component="form"
        spacing={2.5}
        noValidate
        onSubmit={handleSubmit(onSubmit)}
        aria-label="Confirm a code from the app"
      >
        <Typography>Then enter the 6-digit code the app shows for Vitalia.</Typography>
        {failure && <Alert severity="error">{failure}</Alert>}
        <TextField
          {...textFieldRegistration(register('code'))}
          label="Code from the app"
          autoComplete="one-time-code"
          // On a phone the QR code and 'Open in authenticator app' come first: focusing the
          // field would scroll them out of sight.
          autoFocus={!phone}
          fullWidth
          error={Boolean(errors.code)}
          helperText={fieldMessage('Code', errors.code)}
          slotProps={{ htmlInput: { inputMode: 'numeric', spellCheck: false } }}
          sx={{ maxWidth: { sm: 320 } }}
        />
        <Stack direction="row" spacing={1.5} sx={{ justifyContent: 'flex-end' }}>
          <Button onClick={onCancel} disabled={enableCall.isPending}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" loading={enableCall.isPending}>
            Switch on
          </Button>
        </Stack>
      </Stack>
    </Stack>
  );
}

function RecoveryCodesStep({
  codes,
  username,
  onDone,
}: {
  codes: string[];
  username: string;
  onDone: () => void;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  // Two-factor sign-in is on by now; the person's attention goes to the codes.
  useEffect(() => heading.current?.focus(), []);

  return (
    <Stack spacing={2.5}>
      <Typography
        ref={heading}
        tabIndex={-1}
        variant="subtitle1"
        component="h3"
        sx={{ fontWeight: 500, outline: 'none' }}
      >
        Two-factor sign-in is on. Save your recovery codes.
      </Typography>
      <Alert severity="warning">
        If you lose your phone, each of these codes signs you in once instead of a code from the
        app. They are shown only now: download them or write them down, and keep them away from your
        phone.
      </Alert>
      <Box
        component="ol"
        aria-label="Recovery codes"
        sx={{
          listStyle: 'none',
          m: 0,
          p: 2,
          display: 'grid',
          gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(2, max-content)' },
          columnGap: 5,
          rowGap: 1,
          bgcolor: 'grey.50',
          border: 1,
          borderColor: 'divider',
          borderRadius: 1,
          fontFamily: 'ui-monospace, "Roboto Mono", Menlo, Consolas, monospace',
          fontSize: '1.05rem',
          letterSpacing: '0.04em',
        }}
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </Box>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1.5}
        sx={{ justifyContent: 'space-between' }}
      >
        <Button
          variant="outlined"
          startIcon={<DownloadIcon />}
          onClick={() =>
            downloadTextFile(recoveryCodesText(codes, username), recoveryCodesFileName)
          }
        >
          Download
        </Button>
        <Button variant="contained" onClick={onDone}>
          I have saved them
        </Button>
      </Stack>
    </Stack>
  );
}

type Progress = { step: 0 } | { step: 1; setup: TotpSetup } | { step: 2; codes: string[] };

interface TwoFactorSetupProps {
  username: string;
  onCancel: () => void;
  onDone: () => void;
}

/**
 * Switching two-factor sign-in on: the password again, then a new key as a QR code and in text,
 * confirmed with a code, then the ten recovery codes, shown once.
 */
export function TwoFactorSetup({ username, onCancel, onDone }: TwoFactorSetupProps) {
  const [progress, setProgress] = useState<Progress>({ step: 0 });

  return (
    <Stack spacing={3}>
      <Stepper activeStep={progress.step} alternativeLabel>
        {steps.map((label) => (
          <Step key={label}>
            <StepLabel>{label}</StepLabel>
          </Step>
        ))}
      </Stepper>
      {progress.step === 0 && (
        <PasswordStep onCancel={onCancel} onReady={(setup) => setProgress({ step: 1, setup })} />
      )}
      {progress.step === 1 && (
        <ScanStep
          setup={progress.setup}
          onCancel={onCancel}
          onEnabled={(codes) => setProgress({ step: 2, codes })}
        />
      )}
      {progress.step === 2 && (
        <RecoveryCodesStep codes={progress.codes} username={username} onDone={onDone} />
      )}
    </Stack>
  );
}
