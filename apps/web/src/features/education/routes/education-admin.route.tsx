import { useCallback, useMemo, type FormEvent } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import SearchIcon from '@mui/icons-material/Search';
import { articleStatuses, type AdminArticleSummary } from '@vitalia/api/education.contract';
import { decodeRole, useAccessToken } from '../../../lib/token-store';
import { useAdminArticles, type StatusFilter } from '../api/admin-articles.query';
import { ArticleCover } from '../components/article-cover';
import { LoadError } from '../../../components/ui/load-error';
import { NotAllowed } from '../components/not-allowed';
import { StatusChip } from '../components/status-chip';
import { formatArticleDate } from '../utils/article-text';
import { useSetSearchParam } from '../../../lib/search-param.hook';
import { useSearchText } from '../../../lib/search-text.hook';
import { paths } from '../../../lib/paths';

export function editorLink(id: string) {
  return paths.editArticle(id);
}

function statusFilterOf(value: string | null): StatusFilter {
  return (articleStatuses as readonly string[]).includes(value ?? '')
    ? (value as StatusFilter)
    : 'all';
}

const hideWhenNarrow = { display: { xs: 'none', sm: 'table-cell' } } as const;

function ArticleRow({ article }: { article: AdminArticleSummary }) {
  return (
    <TableRow hover>
      <TableCell>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, minWidth: 0 }}>
          <ArticleCover
            src={article.coverImage}
            sx={{ width: 72, flexShrink: 0, borderRadius: 1, display: { xs: 'none', sm: 'block' } }}
          />
          <Box sx={{ minWidth: 0 }}>
            <Link
              component={RouterLink}
              to={editorLink(article.id)}
              underline="hover"
              sx={{ fontWeight: 600 }}
            >
              {article.title}
            </Link>
            <Typography
              variant="caption"
              color="text.secondary"
              sx={{ display: 'block', overflowWrap: 'anywhere' }}
            >
              /education/{article.slug}
            </Typography>
          </Box>
        </Box>
      </TableCell>
      <TableCell>
        <StatusChip status={article.status} />
      </TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>
        {formatArticleDate(article.updatedAt, 'short')}
      </TableCell>
      <TableCell sx={{ ...hideWhenNarrow, whiteSpace: 'nowrap' }}>
        {article.publishedAt ? formatArticleDate(article.publishedAt, 'short') : '—'}
      </TableCell>
    </TableRow>
  );
}

function LoadingRows() {
  return (
    <TableBody aria-busy="true">
      {Array.from({ length: 5 }, (_, index) => (
        <TableRow key={index}>
          <TableCell>
            <Skeleton width="70%" />
          </TableCell>
          <TableCell>
            <Skeleton variant="rounded" width={72} height={24} />
          </TableCell>
          <TableCell>
            <Skeleton width={80} />
          </TableCell>
          <TableCell sx={hideWhenNarrow}>
            <Skeleton width={80} />
          </TableCell>
        </TableRow>
      ))}
    </TableBody>
  );
}

/** /education/admin: every article, drafts included, to open in the editor (ADMIN only). */
export function EducationAdminRoute() {
  const isAdmin = decodeRole(useAccessToken()) === 'ADMIN';
  return isAdmin ? <AdminArticles /> : <NotAllowed />;
}

function AdminArticles() {
  const [searchParams] = useSearchParams();
  const q = searchParams.get('q')?.trim() ?? '';
  const status = statusFilterOf(searchParams.get('status'));

  const setSearchParam = useSetSearchParam();
  const setParam = useCallback(
    (name: string, value: string, replace: boolean) => setSearchParam(name, value, { replace }),
    [setSearchParam],
  );
  const setQ = useCallback((wanted: string) => setParam('q', wanted, true), [setParam]);
  const [text, setText, expectQ] = useSearchText(q, setQ);
  const searchNow = (event: FormEvent) => {
    event.preventDefault();
    expectQ(text.trim());
    setQ(text.trim());
  };

  const articles = useAdminArticles(q, status);
  const items = useMemo(
    () => articles.data?.pages.flatMap((page) => page.items) ?? [],
    [articles.data],
  );

  return (
    <Box sx={{ maxWidth: 1200, mx: 'auto', display: 'grid', gap: 3 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2 }}>
        <Box sx={{ flex: '1 1 280px' }}>
          <Typography variant="h5" component="h2" sx={{ fontWeight: 600 }}>
            Articles
          </Typography>
          <Typography color="text.secondary">
            Drafts stay here until you publish them; readers only ever see published articles.
          </Typography>
        </Box>
        <Button component={RouterLink} to={paths.education}>
          View as a reader
        </Button>
        <Button
          component={RouterLink}
          to={paths.newArticle}
          variant="contained"
          startIcon={<AddIcon />}
        >
          New article
        </Button>
      </Box>

      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2 }}>
        <Box
          component="form"
          role="search"
          onSubmit={searchNow}
          sx={{ flex: '1 1 260px', maxWidth: { sm: 420 } }}
        >
          <TextField
            type="search"
            label="Search all articles"
            value={text}
            onChange={(event) => setText(event.target.value)}
            size="small"
            fullWidth
            sx={{ bgcolor: 'background.paper' }}
            slotProps={{
              input: {
                startAdornment: (
                  <InputAdornment position="start">
                    <SearchIcon aria-hidden />
                  </InputAdornment>
                ),
              },
            }}
          />
        </Box>
        <ToggleButtonGroup
          exclusive
          size="small"
          value={status}
          aria-label="Status"
          onChange={(_event, value: StatusFilter | null) => {
            if (value) setParam('status', value === 'all' ? '' : value, false);
          }}
          sx={{ bgcolor: 'background.paper' }}
        >
          <ToggleButton value="all">All</ToggleButton>
          <ToggleButton value="published">Published</ToggleButton>
          <ToggleButton value="draft">Drafts</ToggleButton>
        </ToggleButtonGroup>
      </Box>

      {articles.isError ? (
        <LoadError
          what="The articles"
          error={articles.error}
          onRetry={() => void articles.refetch()}
        />
      ) : (
        <TableContainer component={Paper} variant="outlined" sx={{ borderRadius: 2 }}>
          <Table aria-label="Articles" size="small" sx={{ '& td, & th': { py: 1.25 } }}>
            <TableHead>
              <TableRow>
                <TableCell>Title</TableCell>
                <TableCell>Status</TableCell>
                <TableCell>Changed</TableCell>
                <TableCell sx={hideWhenNarrow}>Published</TableCell>
              </TableRow>
            </TableHead>
            {articles.isPending ? (
              <LoadingRows />
            ) : (
              <TableBody>
                {items.map((article) => (
                  <ArticleRow key={article.id} article={article} />
                ))}
                {items.length === 0 && (
                  <TableRow>
                    <TableCell colSpan={4} sx={{ py: 4, textAlign: 'center' }}>
                      {q ? `No articles match “${q}”.` : 'No articles here yet.'}
                    </TableCell>
                  </TableRow>
                )}
              </TableBody>
            )}
          </Table>
        </TableContainer>
      )}
      {articles.isFetchNextPageError && (
        <Alert severity="error">More articles could not be loaded. Try again.</Alert>
      )}
      {articles.hasNextPage && (
        <Box sx={{ display: 'flex', justifyContent: 'center' }}>
          <Button
            variant="outlined"
            onClick={() => void articles.fetchNextPage()}
            loading={articles.isFetchingNextPage}
          >
            Load more
          </Button>
        </Box>
      )}
    </Box>
  );
}
