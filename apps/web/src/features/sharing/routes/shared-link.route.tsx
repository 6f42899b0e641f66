import { useEffect, useRef, useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ErrorDetail } from '@vitalia/api/errors.schema';
import { sharingCodes } from '@vitalia/api/sharing.contract';
import { apiErrorMessage } from '../../../lib/api-client';
import { httpStatusOf } from '../../../lib/http-status';
import { serverProblems } from '../../../lib/server-message';
import { useOpenLink, useReopenLink } from '../api/open-link.mutation';
import { LinkCodeForm } from '../components/link-code-form';
import { LinkView } from '../components/link-view';
import { useLinkToken } from '../hooks/link-token.hook';
import { useNoIndex } from '../hooks/no-index.hook';
import { keptPass } from '../utils/link-pass';

/** The link's refusal when it is about the code: asked for, or the one tried was wrong. */
function codeProblem(error: unknown) {
  return serverProblems(error).find(
    (problem) =>
      problem.code === sharingCodes.codeRequired || problem.code === sharingCodes.codeWrong,
  );
}

/** The server's words on a wrong code, which say how many tries are left. */
function wrongCodeText(problem: ErrorDetail | undefined): string | null {
  if (problem?.code !== sharingCodes.codeWrong) return null;
  // A message about a field leaves its name to whoever shows it (lib/server-message.ts).
  return problem.field === undefined ? problem.message : `The code you typed ${problem.message}`;
}

/** The page before it has readings to show: named, with what stands in their place. */
function Waiting({ children }: { children: ReactNode }) {
  return (
    <Stack spacing={3}>
      <Typography
        variant="h4"
        component="h1"
        sx={{ fontWeight: 500, fontSize: { xs: '1.6rem', sm: '2.125rem' } }}
      >
        Shared health readings
      </Typography>
      {children}
    </Stack>
  );
}

/** The link's answer when it did not open: ended (or never was), or a failure to retry. */
function NotOpened({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  if (httpStatusOf(error) === 404) {
    return (
      <Waiting>
        <Alert severity="info">This link has ended or does not exist. Ask for a new one.</Alert>
      </Waiting>
    );
  }
  return (
    <Waiting>
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={onRetry}>
            Retry
          </Button>
        }
      >
        <AlertTitle>The link could not be opened</AlertTitle>
        {apiErrorMessage(error)}
      </Alert>
    </Waiting>
  );
}

function Opening() {
  return (
    <Waiting>
      <Box sx={{ display: 'grid', placeItems: 'center', py: 6 }}>
        <CircularProgress aria-label="Opening the link" />
      </Box>
    </Waiting>
  );
}

/**
 * A reload of the tab, whose address no longer holds the token: the link opens again with the pass
 * its first opening answered, kept in this tab alone (docs/decisions/0054-sharing-on-the-phone.md).
 */
function ReopenedLink() {
  const [pass] = useState(keptPass);
  const reopen = useReopenLink();
  const { mutate } = reopen;
  // Each reopening is a look the server logs: once, however often React runs the effect.
  const asked = useRef(false);
  useEffect(() => {
    if (pass === null || asked.current) return;
    asked.current = true;
    mutate(pass);
  }, [pass, mutate]);

  if (pass === null) {
    return (
      <Waiting>
        <Alert severity="warning">
          This page keeps an opened link only in the tab it was opened in, and only until the tab is
          closed. Open the link you were given again, exactly as it was sent.
        </Alert>
      </Waiting>
    );
  }
  if (reopen.isSuccess) return <LinkView view={reopen.data} />;
  if (reopen.isError) return <NotOpened error={reopen.error} onRetry={() => mutate(pass)} />;
  return <Opening />;
}

/**
 * /shared#<token>: a link for a visit, opened by a clinician without an account. The token is read
 * from the fragment and sent in the body, never in an address; a link with a code asks for it.
 */
export function SharedLinkRoute() {
  useNoIndex();
  const token = useLinkToken();
  if (token === null) return <ReopenedLink />;
  return <OpenedLink token={token} />;
}

function OpenedLink({ token }: { token: string }) {
  const open = useOpenLink();
  const { mutate, reset } = open;
  // Opening is a POST the server logs: once a token, however often React runs the effect. A new
  // token (another link pasted into this tab) drops what the last one showed before it opens.
  const opened = useRef<string | null>(null);
  useEffect(() => {
    if (opened.current === token) return;
    opened.current = token;
    reset();
    mutate({ token });
  }, [token, mutate, reset]);

  if (open.isSuccess) return <LinkView view={open.data} />;

  const problem = open.isError ? codeProblem(open.error) : undefined;
  const codeTried = open.variables?.code !== undefined;
  if (problem || (open.isPending && codeTried)) {
    return (
      <Waiting>
        <LinkCodeForm
          busy={open.isPending}
          refusal={wrongCodeText(problem)}
          onCode={(code) => open.mutate({ token, code })}
        />
      </Waiting>
    );
  }
  if (!open.isError) return <Opening />;
  return <NotOpened error={open.error} onRetry={() => open.mutate(open.variables ?? { token })} />;
}
