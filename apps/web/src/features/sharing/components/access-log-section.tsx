import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import DownloadIcon from '@mui/icons-material/Download';
import ManageSearchIcon from '@mui/icons-material/ManageSearch';
import { PagedList } from '../../../components/ui/paged-list';
import { apiErrorMessage } from '../../../lib/api-client';
import { useDownloadAccessLog } from '../api/access-log-csv.mutation';
import { useAccessLog } from '../api/access-log.query';
import { AccessLogList, AccessLogTable } from './access-log-entries';
import { SectionWaiting, SharingSection } from './sharing-section';

/** Every look at the person's data and every change to what they share, newest first. */
export function AccessLogSection() {
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('md'), { noSsr: true });
  const pages = useAccessLog();
  const download = useDownloadAccessLog();
  const entries = pages.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <SharingSection
      id="access-log-heading"
      icon={<ManageSearchIcon />}
      title="Access log"
      intro="Each time a doctor or a link looked at your readings, and each change you made to what you share."
      action={
        <Button
          variant="outlined"
          startIcon={<DownloadIcon />}
          loading={download.isPending}
          onClick={() => download.mutate()}
        >
          Download log (CSV)
        </Button>
      }
    >
      {download.isError && (
        <Alert severity="error" onClose={() => download.reset()}>
          The log could not be downloaded: {apiErrorMessage(download.error)}
        </Alert>
      )}
      <PagedList
        pages={pages}
        what="entries"
        loading={
          <SectionWaiting query={pages} what="The access log" loadingLabel="Loading the log" />
        }
        isEmpty={entries.length === 0}
        empty={
          <Typography color="text.secondary">
            Nothing yet: every look at what you share, and every change you make to it, will be
            listed here.
          </Typography>
        }
      >
        {wide ? <AccessLogTable entries={entries} /> : <AccessLogList entries={entries} />}
      </PagedList>
    </SharingSection>
  );
}
