import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { openLinkRequest } from '@vitalia/api/sharing.contract';
import { z } from '@vitalia/api/zod';
import { fieldMessage, textFieldRegistration } from '../../../lib/form-field';

// The code is shown as two groups of three ('020 317'): typed that way, the spaces are dropped.
const codeForm = z.object({
  code: z
    .string()
    .transform((value) => value.replace(/\s+/g, ''))
    .pipe(openLinkRequest.shape.code.unwrap()),
});
type CodeForm = z.infer<typeof codeForm>;

interface LinkCodeFormProps {
  busy: boolean;
  /** The server's word on the last code tried: wrong, and how many tries are left. */
  refusal: string | null;
  onCode: (code: string) => void;
}

/** The 6 digits a link with a code also needs, given separately by whoever shared it. */
export function LinkCodeForm({ busy, refusal, onCode }: LinkCodeFormProps) {
  const {
    register,
    handleSubmit,
    setFocus,
    formState: { errors },
  } = useForm<CodeForm>({ resolver: zodResolver(codeForm), defaultValues: { code: '' } });
  // The field was disabled while the code was checked; a refused one is selected to type over.
  useEffect(() => {
    if (refusal !== null && !busy) setFocus('code', { shouldSelect: true });
  }, [refusal, busy, setFocus]);
  const problem = fieldMessage('The code', errors.code) ?? refusal;
  return (
    <Stack
      component="form"
      noValidate
      spacing={2}
      onSubmit={handleSubmit(({ code }) => onCode(code))}
      aria-labelledby="link-code-heading"
      sx={{ maxWidth: 420 }}
    >
      <Typography id="link-code-heading" variant="h6" component="h2">
        Enter the code
      </Typography>
      <Typography color="text.secondary">
        This link is protected by a 6-digit code. The person who shared it gives it to you
        separately, for example by telling you.
      </Typography>
      <TextField
        {...textFieldRegistration(register('code'))}
        label="6-digit code"
        autoComplete="one-time-code"
        autoFocus
        disabled={busy}
        error={problem !== null}
        helperText={problem ?? ' '}
        slotProps={{
          htmlInput: {
            inputMode: 'numeric',
            pattern: '[0-9]*',
            maxLength: 7,
            spellCheck: false,
            sx: { fontSize: '1.5rem', letterSpacing: '0.3em', fontFamily: 'monospace' },
          },
        }}
      />
      <Box>
        <Button type="submit" variant="contained" loading={busy}>
          Open
        </Button>
      </Box>
    </Stack>
  );
}
