import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import ShareIcon from '@mui/icons-material/Share';
import type { CreatedLink } from '@vitalia/api/sharing.contract';
import { scrollsHiddenText, visuallyHidden } from '../../../components/ui/visually-hidden';
import { formatTakenAt } from '../../../readings/format/reading-time';
import { linkMessage, pastedMessage } from '../utils/link-message';

type Sent = 'idle' | 'copied' | 'shared' | 'message copied' | 'failed';

/** Whether the person closed the share sheet without choosing where to send. */
const cancelled = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';

/**
 * The address with a Copy and a Share button: Share opens the phone's share sheet (the Web Share
 * API) with a message that says what the link is, and copies that message where there is none.
 * The field's text can be selected by hand where copying fails.
 */
function LinkAddress({ created }: { created: CreatedLink }) {
  const { url } = created;
  const [sent, setSent] = useState<Sent>('idle');
  const copy = async (text: string, done: Sent) => {
    try {
      await navigator.clipboard.writeText(text);
      setSent(done);
    } catch {
      setSent('failed');
    }
  };
  const share = async () => {
    const message = linkMessage(created);
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share(message);
        setSent('shared');
        return;
      } catch (error) {
        if (cancelled(error)) return;
        // Refused (no app to share to, or a browser's own rule): the message is copied instead.
      }
    }
    await copy(pastedMessage(message), 'message copied');
  };
  const codeApart = created.code ? ' Give the code separately.' : '';
  return (
    <Box>
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
      />
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mt: 1 }}>
        <Button
          variant="contained"
          startIcon={<ContentCopyIcon />}
          onClick={() => void copy(url, 'copied')}
        >
          Copy link
        </Button>
        <Button variant="outlined" startIcon={<ShareIcon />} onClick={() => void share()}>
          Share
        </Button>
      </Box>
      <Typography role="status" variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
        {sent === 'copied' && `Copied. Paste it where the clinician will find it.${codeApart}`}
        {sent === 'shared' && `Shared.${codeApart}`}
        {sent === 'message copied' &&
          `This browser cannot share from here, so a message with the link was copied: paste it where the clinician will find it.${codeApart}`}
        {sent === 'failed' &&
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
          ? 'This is the only time the link and its code are shown. Copy or share the link and note the code now: once you close this, Vitalia cannot show them again. If you lose them, make a new link.'
          : 'This is the only time the link is shown. Copy or share it now: once you close this, Vitalia cannot show it again. If you lose it, make a new link. It has no code: anyone who has it can see these readings until it ends.'}
      </Alert>
      <LinkAddress created={created} />
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
