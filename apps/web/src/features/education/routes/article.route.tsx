import { useEffect } from 'react';
import { Link as RouterLink, useLocation, useParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import type { Article } from '@vitalia/api/education.contract';
import { httpStatusOf } from '../../../lib/http-status';
import { useArticle } from '../api/article.query';
import { RelatedArticleCard, type FromList } from '../components/article-card';
import { ArticleCover } from '../components/article-cover';
import { ArticleMarkdown } from '../components/article-markdown';
import { ArticleNotFound } from '../components/article-not-found';
import { ArticleSources } from '../components/article-sources';
import { LoadError } from '../../../components/ui/load-error';
import { TagChip } from '../components/tag-chip';
import { formatArticleDate, readingTimeText } from '../utils/article-text';
import { paths } from '../../../lib/paths';

function fromListOf(state: unknown): string {
  if (typeof state === 'object' && state !== null && 'fromList' in state) {
    const { fromList } = state as FromList;
    // Only ever back into the list, whatever the history state holds.
    if (typeof fromList === 'string' && /^\/education(\?|$)/.test(fromList)) return fromList;
  }
  return paths.education;
}

/** The browser tab names the article while it is open, and gives the name back on leaving. */
function useDocumentTitle(title: string | undefined) {
  useEffect(() => {
    if (!title) return;
    const before = document.title;
    document.title = `${title} · Vitalia`;
    return () => {
      document.title = before;
    };
  }, [title]);
}

function ArticleLoading() {
  return (
    <Paper variant="outlined" sx={{ borderRadius: 3, overflow: 'hidden' }} aria-busy="true">
      <Skeleton variant="rectangular" sx={{ aspectRatio: '2 / 1', height: 'auto' }} />
      <Box sx={{ p: { xs: 2.5, sm: 4 } }}>
        <Skeleton width="30%" />
        <Skeleton sx={{ fontSize: '2.2rem' }} />
        <Skeleton width="70%" />
        <Skeleton sx={{ mt: 3 }} />
        <Skeleton />
        <Skeleton width="85%" />
      </Box>
    </Paper>
  );
}

function ArticleBody({ article }: { article: Article }) {
  const meta = [readingTimeText(article.readingMinutes)];
  if (article.publishedAt) meta.unshift(`Published ${formatArticleDate(article.publishedAt)}`);
  return (
    <Paper
      component="article"
      aria-labelledby="article-title"
      variant="outlined"
      sx={{ borderRadius: 3, overflow: 'hidden', minWidth: 0 }}
    >
      <ArticleCover src={article.coverImage} sx={{ aspectRatio: '2 / 1' }} />
      <Box sx={{ p: { xs: 2.5, sm: 4 }, maxWidth: 760 }}>
        {article.status === 'draft' && (
          <Alert severity="warning" sx={{ mb: 2 }}>
            A draft: readers cannot see this article until it is published.
          </Alert>
        )}
        {article.tags.length > 0 && (
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.75, mb: 1.5 }}>
            {article.tags.map((tag) => (
              <TagChip key={tag} tag={tag} />
            ))}
          </Box>
        )}
        <Typography
          id="article-title"
          variant="h4"
          component="h2"
          sx={{ fontWeight: 700, lineHeight: 1.2, fontSize: { xs: '1.65rem', sm: '2.1rem' } }}
        >
          {article.title}
        </Typography>
        <Typography sx={{ mt: 1.5, fontSize: '1.15rem', lineHeight: 1.6, color: 'text.secondary' }}>
          {article.summary}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5, fontWeight: 500 }}>
          {meta.join(' · ')}
        </Typography>
        <Box sx={{ mt: 3, pt: 3, borderTop: 1, borderColor: 'divider' }}>
          <ArticleMarkdown topHeadingLevel={3}>{article.body}</ArticleMarkdown>
        </Box>
        <ArticleSources sources={article.sources} />
      </Box>
    </Paper>
  );
}

function RelatedArticles({ article }: { article: Article }) {
  return (
    <Box
      component="aside"
      aria-labelledby="related-articles"
      sx={{ display: 'grid', gap: 1.5, alignContent: 'start' }}
    >
      <Typography id="related-articles" variant="h6" component="h2" sx={{ fontWeight: 600 }}>
        Related articles
      </Typography>
      {article.related.length === 0 ? (
        <Typography color="text.secondary">No other articles share its topics yet.</Typography>
      ) : (
        <Stack spacing={1.5}>
          {article.related.map((card) => (
            <RelatedArticleCard key={card.slug} card={card} />
          ))}
        </Stack>
      )}
    </Box>
  );
}

/** /education/{slug}: one article, its sources, and the articles that share its topics. */
export function ArticleRoute() {
  const { slug = '' } = useParams();
  const location = useLocation();
  const backTo = fromListOf(location.state);
  const article = useArticle(slug);
  useDocumentTitle(article.data?.title);

  let body;
  if (article.isPending) {
    body = <ArticleLoading />;
  } else if (article.isError) {
    body =
      httpStatusOf(article.error) === 404 ? (
        <ArticleNotFound />
      ) : (
        <LoadError
          what="The article"
          error={article.error}
          onRetry={() => void article.refetch()}
        />
      );
  } else {
    body = (
      <Box
        sx={{
          display: 'grid',
          gap: 3,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 1fr) 300px' },
          alignItems: 'start',
        }}
      >
        <ArticleBody article={article.data} />
        <RelatedArticles article={article.data} />
      </Box>
    );
  }

  return (
    <Box sx={{ maxWidth: 1200, mx: 'auto', display: 'grid', gap: 2 }}>
      <Box>
        <Button component={RouterLink} to={backTo} startIcon={<ArrowBackIcon />}>
          {backTo === paths.education ? 'All articles' : 'Back to the list'}
        </Button>
      </Box>
      {body}
    </Box>
  );
}
