import { useEffect } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link as RouterLink, useBlocker } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import {
  articleRequest,
  type AdminArticle,
  type ArticleFields,
} from '@vitalia/api/education.contract';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { fieldMessage } from '../../../lib/form-field';
import { paths } from '../../../lib/paths';
import { ArticleBodySection } from './article-body-section';
import { ArticleDetailsSection } from './article-details-section';
import { useArticleEditorActions } from './article-editor-actions.hook';
import { ArticleEditorHeader } from './article-editor-header';
import { valuesOf, type ArticleFormValues } from './article-form';
import { ArticleSourcesSection } from './article-sources-section';
import { CoverField } from './cover-field';
import { EditorNoticeSnackbar } from './editor-notice';
import { EditorSection } from './editor-section';

interface ArticleEditorProps {
  /** The article as saved, or null for a new one. */
  article: AdminArticle | null;
}

/** Writes, publishes, unpublishes, illustrates and deletes one article (ADMIN only). */
export function ArticleEditor({ article }: ArticleEditorProps) {
  const form = useForm<ArticleFormValues, unknown, ArticleFields>({
    resolver: zodResolver(articleRequest),
    defaultValues: valuesOf(article),
  });
  const {
    control,
    handleSubmit,
    getValues,
    resetField,
    formState: { errors, isDirty, isSubmitting },
  } = form;
  const actions = useArticleEditorActions(article, form);
  const { leavingOnPurpose } = actions;

  // Leaving with unsaved changes asks first; a save that moves on itself sets leavingOnPurpose.
  const unsaved = isDirty && !leavingOnPurpose.current;
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      unsaved && !leavingOnPurpose.current && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (!unsaved) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [unsaved]);

  const busy = isSubmitting || actions.publishing.isPending;

  return (
    <Box sx={{ maxWidth: 1200, mx: 'auto', display: 'grid', gap: 3 }}>
      <Box>
        <Button component={RouterLink} to={paths.educationAdmin} startIcon={<ArrowBackIcon />}>
          All articles
        </Button>
      </Box>

      <ArticleEditorHeader
        article={article}
        isDirty={isDirty}
        unsaved={unsaved}
        busy={busy}
        saving={actions.save.isPending}
        publishing={actions.publishing.isPending}
        onPublish={handleSubmit(actions.onPublish)}
        onUnpublish={actions.onUnpublish}
        onDelete={actions.askToDelete}
      />

      {actions.failure && (
        <Alert severity="error" onClose={actions.clearFailure}>
          {actions.failure}
        </Alert>
      )}

      <Box
        component="form"
        id="article-form"
        aria-label="Article"
        noValidate
        onSubmit={handleSubmit(actions.onSave)}
        sx={{ display: 'grid', gap: 3 }}
      >
        <Box
          sx={{
            display: 'grid',
            gap: 3,
            gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 1fr) 340px' },
            alignItems: 'start',
          }}
        >
          <ArticleDetailsSection form={form} isNew={!article} />

          <EditorSection id="article-cover" title="Cover">
            <Controller
              control={control}
              name="coverImage"
              render={({ field }) => (
                <CoverField
                  articleId={article?.id ?? null}
                  value={field.value ?? null}
                  onChange={field.onChange}
                  onUploaded={(saved) =>
                    resetField('coverImage', { defaultValue: saved.coverImage })
                  }
                  error={fieldMessage('Cover', errors.coverImage)}
                />
              )}
            />
          </EditorSection>
        </Box>

        <ArticleBodySection form={form} />

        <ArticleSourcesSection form={form} />

        <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1 }}>
          <Button
            type="submit"
            variant="contained"
            size="large"
            loading={actions.save.isPending}
            disabled={busy}
          >
            {article ? 'Save' : 'Save draft'}
          </Button>
        </Box>
      </Box>

      <ConfirmDialog
        open={actions.confirmDelete}
        title="Delete this article?"
        message={`“${article?.title ?? getValues('title')}” and its uploaded cover go for good. To take it away from readers for a while, unpublish it instead.`}
        confirmLabel="Delete"
        destructive
        busy={actions.remove.isPending}
        error={actions.deleteFailure}
        onConfirm={() => void actions.onDelete()}
        onCancel={actions.cancelDelete}
      />
      <ConfirmDialog
        open={blocker.state === 'blocked'}
        title="Leave without saving?"
        message="Your changes to this article are not saved yet. Leave the editor and lose them?"
        confirmLabel="Leave"
        destructive
        onConfirm={() => blocker.proceed?.()}
        onCancel={() => blocker.reset?.()}
      />
      <EditorNoticeSnackbar notice={actions.notice} onClose={actions.clearNotice} />
    </Box>
  );
}
