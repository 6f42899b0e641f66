import { useEffect, useRef, type ReactNode } from 'react';
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
import { useOpenLink } from '../api/open-link.mutation';
import { LinkCodeForm } from '../components/link-code-form';
import { LinkView } from '../components/link-view';
import { useLinkToken } from '../hooks/link-token.hook';
import { useNoIndex } from '../hooks/no-index.hook';

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

/**
 * /shared#<token>: a link for a visit, opened by a clinician without an account. The token is read
 * from the fragment and sent in the body, never in an address; a link with a code asks for it.
 */
export function SharedLinkRoute() {
  useNoIndex();
  const token = useLinkToken();
  const open = useOpenLink();
  const { mutate, reset } = open;
  // Opening is a POST the server logs: once a token, however often React runs the effect. A new
  // token (another link pasted into this tab) drops what the last one showed before it opens.
  const opened = useRef<string | null>(null);
  useEffect(() => {
    if (token === null || opened.current === token) return;
    opened.current = token;
    reset();
    mutate({ token });
  }, [token, mutate, reset]);

  if (token === null) {
    return (
      <Waiting>
        <Alert severity="warning">
          For privacy, this page forgets its link once it has opened it, so it cannot be reloaded or
          opened from history. Open the link you were given again, exactly as it was sent.
        </Alert>
      </Waiting>
    );
  }
  if (open.isSuccess) return <LinkView view={open.data} />;

  const status = httpStatusOf(open.error);
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
  if (!open.isError) {
    return (
      <Waiting>
        <Box sx={{ display: 'grid', placeItems: 'center', py: 6 }}>
          <CircularProgress aria-label="Opening the link" />
        </Box>
      </Waiting>
    );
  }
  if (status === 404) {
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
          <Button
            color="inherit"
            size="small"
            onClick={() => open.mutate(open.variables ?? { token })}
          >
            Retry
          </Button>
        }
      >
        <AlertTitle>The link could not be opened</AlertTitle>
        {apiErrorMessage(open.error)}
      </Alert>
    </Waiting>
  );
}
