import { Link as RouterLink, useParams } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { httpStatusOf } from '../../../lib/http-status';
import { decodeRole, useAccessToken } from '../../../lib/token-store';
import { useAdminArticle } from '../api/admin-article.query';
import { ArticleEditor } from '../components/article-editor';
import { LoadError } from '../../../components/ui/load-error';
import { NotAllowed } from '../components/not-allowed';
import { paths } from '../../../lib/paths';

function EditorLoading() {
  return (
    <Box sx={{ maxWidth: 1200, mx: 'auto', display: 'grid', gap: 3 }} aria-busy="true">
      <Paper variant="outlined" sx={{ p: 3, borderRadius: 3 }}>
        <Skeleton width="20%" />
        <Skeleton sx={{ fontSize: '1.8rem' }} width="60%" />
      </Paper>
      <Paper variant="outlined" sx={{ p: 3, borderRadius: 3 }}>
        <Skeleton variant="rounded" height={56} />
        <Skeleton variant="rounded" height={56} sx={{ mt: 2 }} />
        <Skeleton variant="rounded" height={96} sx={{ mt: 2 }} />
      </Paper>
    </Box>
  );
}

function NoSuchArticle() {
  return (
    <Card
      variant="outlined"
      sx={{ maxWidth: 640, mx: 'auto', textAlign: 'center', py: 6, px: 3, borderRadius: 3 }}
    >
      <Typography variant="h5" component="h2" sx={{ fontWeight: 600 }}>
        There is no article here
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 1 }}>
        It may have been deleted, or the address may be mistyped.
      </Typography>
      <Button component={RouterLink} to={paths.educationAdmin} variant="contained" sx={{ mt: 3 }}>
        All articles
      </Button>
    </Card>
  );
}

function EditSavedArticle({ id }: { id: string }) {
  const article = useAdminArticle(id);
  if (article.isPending) return <EditorLoading />;
  if (article.isError) {
    // A malformed id is a 400 from the server: to the person it is the same missing article.
    const status = httpStatusOf(article.error);
    if (status === 404 || status === 400) return <NoSuchArticle />;
    return (
      <LoadError what="The article" error={article.error} onRetry={() => void article.refetch()} />
    );
  }
  // Keyed, so moving to another article starts a fresh form.
  return <ArticleEditor key={id} article={article.data} />;
}

/** /education/admin/new and /education/admin/{id}: the article editor (ADMIN only). */
export function ArticleEditorRoute() {
  const { id } = useParams();
  const isAdmin = decodeRole(useAccessToken()) === 'ADMIN';
  if (!isAdmin) return <NotAllowed />;
  return id ? <EditSavedArticle id={id} /> : <ArticleEditor key="new" article={null} />;
}
