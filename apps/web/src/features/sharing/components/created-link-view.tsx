import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import type { CreatedLink } from '@vitalia/api/sharing.contract';
import { scrollsHiddenText, visuallyHidden } from '../../../components/ui/visually-hidden';
import { formatTakenAt } from '../../../readings/format/reading-time';

type CopyState = 'idle' | 'copied' | 'failed';

/** The address with a Copy button: the field's text can be selected by hand where copying fails. */
function LinkAddress({ url }: { url: string }) {
  const [copy, setCopy] = useState<CopyState>('idle');
  const copyUrl = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setCopy('copied');
    } catch {
      setCopy('failed');
    }
  };
  return (
    <Box>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', flexWrap: 'wrap' }}>
        <TextField
          label="Link"
          value={url}
          fullWidth
          multiline
          slotProps={{
            htmlInput: { readOnly: true, spellCheck: false },
            // Long addresses wrap anywhere rather than widening the dialog.
            input: { sx: { fontFamily: 'monospace', wordBreak: 'break-all' } },
          }}
          onFocus={(event) => event.target.select()}
          sx={{ flex: '1 1 260px' }}
        />
        <Button
          variant="contained"
          startIcon={<ContentCopyIcon />}
          onClick={() => void copyUrl()}
          sx={{ mt: 1 }}
        >
          Copy link
        </Button>
      </Box>
      <Typography role="status" variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
        {copy === 'copied' && 'Copied. Paste it where the clinician will find it.'}
        {copy === 'failed' &&
          'This browser would not copy it: select the link and copy it by hand.'}
      </Typography>
    </Box>
  );
}

/** '123 456': two groups of three, read aloud more easily than six digits in a row. */
function spacedCode(code: string): string {
  return code.length === 6 ? `${code.slice(0, 3)} ${code.slice(3)}` : code;
}

/** A link just made: its address, its code, and that neither is shown again. */
export function CreatedLinkView({ created }: { created: CreatedLink }) {
  return (
    <Stack spacing={3} sx={{ pt: 1 }}>
      <Alert severity="warning">
        {created.code
          ? 'This is the only time the link and its code are shown. Copy the link and note the code now: once you close this, Vitalia cannot show them again. If you lose them, make a new link.'
          : 'This is the only time the link is shown. Copy it now: once you close this, Vitalia cannot show it again. If you lose it, make a new link. It has no code: anyone who has it can see these readings until it ends.'}
      </Alert>
      <LinkAddress url={created.url} />
      {created.code && (
        <Box component="section" aria-labelledby="link-code-heading" sx={scrollsHiddenText}>
          <Typography id="link-code-heading" variant="subtitle1" component="h3">
            Code
          </Typography>
          <Typography component="p" sx={{ my: 1 }}>
            {/* Read digit by digit, not as two numbers in the hundreds of thousands. */}
            <Box component="span" sx={visuallyHidden}>
              {created.code.split('').join(' ')}
            </Box>
            <Box
              component="span"
              aria-hidden
              sx={{
                fontFamily: 'monospace',
                fontSize: { xs: '2.5rem', sm: '3rem' },
                fontWeight: 700,
                letterSpacing: '0.12em',
                lineHeight: 1.2,
              }}
            >
              {spacedCode(created.code)}
            </Box>
          </Typography>
          <Typography variant="body2" color="text.secondary">
            Give the code separately from the link, for example tell it aloud at the visit, so that
            whoever finds the link alone cannot open it.
          </Typography>
        </Box>
      )}
      <Typography variant="body2" color="text.secondary">
        It opens until {formatTakenAt(created.link.expiresAt)}, or until you end it.
      </Typography>
    </Stack>
  );
}
