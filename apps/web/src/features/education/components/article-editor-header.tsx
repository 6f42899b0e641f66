import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import PublishOutlinedIcon from '@mui/icons-material/PublishOutlined';
import UnpublishedOutlinedIcon from '@mui/icons-material/UnpublishedOutlined';
import type { AdminArticle } from '@vitalia/api/education.contract';
import { formatArticleDate } from '../utils/article-text';
import { articleLink } from './article-card';
import { StatusChip } from './status-chip';

interface ArticleEditorHeaderProps {
  /** The article as saved, or null for a new one. */
  article: AdminArticle | null;
  /** Whether the form differs from the article as saved. */
  isDirty: boolean;
  /** Whether leaving would lose changes (not so once a save is moving on by itself). */
  unsaved: boolean;
  /** Whether a save, a publish or an unpublish is under way. */
  busy: boolean;
  saving: boolean;
  publishing: boolean;
  onPublish: () => void;
  onUnpublish: () => void;
  onDelete: () => void;
}

/** The article's state and title, with what can be done to it as a whole. */
export function ArticleEditorHeader({
  article,
  isDirty,
  unsaved,
  busy,
  saving,
  publishing,
  onPublish,
  onUnpublish,
  onDelete,
}: ArticleEditorHeaderProps) {
  const isPublished = article?.status === 'published';
  return (
    <Paper
      variant="outlined"
      sx={{
        p: { xs: 2, sm: 3 },
        borderRadius: 3,
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        gap: 2,
      }}
    >
      <Box sx={{ flex: '1 1 300px', minWidth: 0 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 0.5 }}>
          <StatusChip status={article?.status ?? 'draft'} />
          {unsaved && (
            <Typography variant="body2" color="text.secondary">
              Unsaved changes
            </Typography>
          )}
        </Box>
        <Typography variant="h5" component="h2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
          {article ? article.title : 'New article'}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {article
            ? [
                `Changed ${formatArticleDate(article.updatedAt)}`,
                article.publishedAt && `first published ${formatArticleDate(article.publishedAt)}`,
              ]
                .filter(Boolean)
                .join(', ')
            : 'Saved as a draft: readers see it once you publish it.'}
        </Typography>
      </Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
        {article && (
          <Button
            component={RouterLink}
            to={articleLink(article.slug)}
            startIcon={<OpenInNewIcon />}
          >
            {isPublished ? 'View' : 'Preview page'}
          </Button>
        )}
        {article && (
          <Button
            color="error"
            startIcon={<DeleteOutlinedIcon />}
            onClick={onDelete}
            disabled={busy}
          >
            Delete
          </Button>
        )}
        {isPublished ? (
          <Button
            variant="outlined"
            startIcon={<UnpublishedOutlinedIcon />}
            onClick={onUnpublish}
            loading={publishing}
            disabled={busy}
          >
            Unpublish
          </Button>
        ) : (
          <Button
            variant="outlined"
            color="secondary"
            startIcon={<PublishOutlinedIcon />}
            onClick={onPublish}
            loading={publishing}
            disabled={busy}
          >
            {article && !isDirty ? 'Publish' : 'Save and publish'}
          </Button>
        )}
        <Button
          type="submit"
          form="article-form"
          variant="contained"
          loading={saving}
          disabled={busy}
        >
          {article ? 'Save' : 'Save draft'}
        </Button>
      </Box>
    </Paper>
  );
}
