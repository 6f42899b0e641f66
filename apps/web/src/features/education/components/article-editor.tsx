import { useDeferredValue, useEffect, useRef, useState, type ReactNode } from 'react';
import {
  Controller,
  useFieldArray,
  useForm,
  useWatch,
  type Control,
  type FieldPath,
} from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { isAxiosError } from 'axios';
import { Link as RouterLink, useBlocker, useLocation, useNavigate } from 'react-router';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Snackbar from '@mui/material/Snackbar';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import PublishOutlinedIcon from '@mui/icons-material/PublishOutlined';
import UnpublishedOutlinedIcon from '@mui/icons-material/UnpublishedOutlined';
import {
  articleLimits,
  articleRequest,
  readingMinutes,
  RISK_SLUGS,
  type AdminArticle,
  type ArticleFields,
  type ArticleRequest,
} from '@vitalia/api/education.contract';
import { MEASURES } from '@vitalia/health/measure.catalog';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { apiErrorMessage } from '../../../lib/api-client';
import { flashState } from '../../../lib/flash-message';
import { fieldMessage, textFieldRegistration } from '../../../lib/form-field';
import { placeFieldProblems } from '../../../lib/server-message';
import { useDeleteArticle } from '../api/delete-article.mutation';
import { useSetPublished } from '../api/publish-article.mutation';
import { useSaveArticle } from '../api/save-article.mutation';
import { formatArticleDate, normaliseTag, readingTimeText, slugOf } from '../utils/article-text';
import { articleLink } from './article-card';
import { ArticleMarkdown } from './article-markdown';
import { CoverField } from './cover-field';
import { StatusChip } from './status-chip';
import { paths } from '../../../lib/paths';

/** The editor's form: what the contract accepts. */
type ArticleFormValues = ArticleRequest;

/** The tags other screens link by (docs/decisions/0014-education.md), offered first; any other may be typed. */
const suggestedTags = [
  'measures',
  'risks',
  ...Object.values(MEASURES).map((measure) => measure.slug),
  ...RISK_SLUGS,
  'heart',
  'lungs',
  'diabetes',
  'mental-health',
  'medicines',
  'screening',
];

function valuesOf(article: AdminArticle | null): ArticleFormValues {
  return {
    title: article?.title ?? '',
    slug: article?.slug ?? '',
    summary: article?.summary ?? '',
    tags: article?.tags ?? [],
    sources: article?.sources.map((source) => ({ ...source })) ?? [],
    body: article?.body ?? '',
    coverImage: article?.coverImage ?? null,
  };
}

// The fields a server message may name ("sources.1.url: ..."), as the form calls them.
const formField = /^(title|slug|summary|body|coverImage|tags|sources\.\d+\.(?:name|url))$/;

function formFieldOf(wire: string): FieldPath<ArticleFormValues> | null {
  const field = wire.replace(/^tags\.\d+$/, 'tags');
  return formField.test(field) ? (field as FieldPath<ArticleFormValues>) : null;
}

/** The message of a field's error, whether the field is a value or a list of values. */
function messageOf(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  if ('message' in error && typeof error.message === 'string' && error.message) {
    return error.message;
  }
  if (Array.isArray(error)) return error.map(messageOf).find(Boolean);
  return undefined;
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Paper
      component="section"
      aria-labelledby={id}
      variant="outlined"
      sx={{ p: { xs: 2, sm: 3 }, borderRadius: 3, display: 'grid', gap: 2, minWidth: 0 }}
    >
      <Typography id={id} variant="h6" component="h2" sx={{ fontWeight: 600 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

/** The article's address as it stands; watched here so typing re-renders only this line. */
function AddressHint({ control }: { control: Control<ArticleFormValues> }) {
  const slug = useWatch({ control, name: 'slug' });
  return <>The article's address: /education/{slug || '…'}</>;
}

// The body's textarea has a fixed height (an autosizing one measures itself at every key), and
// the preview beside it matches.
const bodyRows = 20;
const previewHeight = 452;

/** The body as readers will see it, redrawn as it is typed. */
function BodyPreview({ control }: { control: Control<ArticleFormValues> }) {
  const body = useWatch({ control, name: 'body' });
  // The preview may trail the typing on a long article; the textarea never waits for it.
  const previewBody = useDeferredValue(body);
  return (
    <Box
      component="section"
      aria-labelledby="article-preview"
      sx={{
        border: 1,
        borderColor: 'divider',
        borderRadius: 2,
        p: 2,
        pb: 1,
        bgcolor: '#fbfcfe',
        minWidth: 0,
      }}
    >
      <Box
        sx={{
          display: 'flex',
          alignItems: 'baseline',
          justifyContent: 'space-between',
          gap: 1,
          mb: 1.5,
          pb: 1,
          borderBottom: 1,
          borderColor: 'divider',
        }}
      >
        <Typography
          id="article-preview"
          variant="overline"
          component="h3"
          sx={{ fontWeight: 700, lineHeight: 1.5, color: 'text.secondary' }}
        >
          Preview
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {readingTimeText(readingMinutes(previewBody))}
        </Typography>
      </Box>
      {/* Scrolls beside the textarea; focusable, so a keyboard can scroll it too. */}
      <Box
        tabIndex={0}
        sx={{
          height: { md: previewHeight },
          maxHeight: previewHeight,
          overflowY: 'auto',
          pr: 1,
          '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main' },
        }}
      >
        {previewBody.trim() ? (
          <ArticleMarkdown topHeadingLevel={4}>{previewBody}</ArticleMarkdown>
        ) : (
          <Typography color="text.secondary">
            The article appears here as readers will see it, as you type.
          </Typography>
        )}
      </Box>
    </Box>
  );
}

type Notice = { message: string; at: number; warning?: boolean };

interface EditorNoticeState {
  editorNotice: string;
  warning: boolean;
}

function noticeOf(state: unknown): Notice | null {
  if (typeof state !== 'object' || state === null || !('editorNotice' in state)) return null;
  if (typeof state.editorNotice !== 'string') return null;
  return {
    message: state.editorNotice,
    at: Date.now(),
    warning: 'warning' in state && state.warning === true,
  };
}

interface ArticleEditorProps {
  /** The article as saved, or null for a new one. */
  article: AdminArticle | null;
}

/** Writes, publishes, unpublishes, illustrates and deletes one article (ADMIN only). */
export function ArticleEditor({ article }: ArticleEditorProps) {
  const navigate = useNavigate();
  const save = useSaveArticle();
  const publishing = useSetPublished();
  const remove = useDeleteArticle();
  const [failure, setFailure] = useState<string | null>(null);
  const location = useLocation();
  // A first save moves to the article's own address and says so here, in this one snackbar.
  const [notice, setNotice] = useState<Notice | null>(() => noticeOf(location.state));
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [deleteFailure, setDeleteFailure] = useState<string | undefined>(undefined);

  const {
    register,
    control,
    handleSubmit,
    setError,
    setValue,
    getFieldState,
    getValues,
    reset,
    resetField,
    formState: { errors, isDirty, isSubmitting },
  } = useForm<ArticleFormValues, unknown, ArticleFields>({
    resolver: zodResolver(articleRequest),
    defaultValues: valuesOf(article),
  });
  const sources = useFieldArray({ control, name: 'sources' });

  // Leaving with unsaved changes asks first; a save that moves on itself sets this.
  const leavingOnPurpose = useRef(false);
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

  const showProblems = (error: unknown) => {
    // A slug another article has is a conflict (409), not a 400, but it still belongs by the field.
    if (isAxiosError(error) && error.response?.status === 409) {
      const message = apiErrorMessage(error);
      if (message.startsWith('slug:')) {
        setError(
          'slug',
          { message: 'is used by another article; choose another address' },
          { shouldFocus: true },
        );
        setFailure(null);
        return;
      }
    }
    setFailure(
      placeFieldProblems(error, ({ field, message }) => {
        const name = formFieldOf(field);
        if (!name) return false;
        setError(name, { message }, { shouldFocus: true });
        return true;
      }),
    );
  };

  /** Saves when there is something to save; answers the article as saved, or null on failure. */
  const saveIfNeeded = async (fields: ArticleFields): Promise<AdminArticle | null> => {
    if (article && !isDirty) return article;
    try {
      const saved = await save.mutateAsync({ id: article?.id, request: fields });
      reset(valuesOf(saved));
      return saved;
    } catch (error) {
      showProblems(error);
      return null;
    }
  };

  const afterFirstSave = (saved: AdminArticle, message: string, warning = false) => {
    leavingOnPurpose.current = true;
    navigate(paths.editArticle(saved.id), {
      replace: true,
      state: { editorNotice: message, warning } satisfies EditorNoticeState,
    });
  };

  const onSave = async (fields: ArticleFields) => {
    setFailure(null);
    const saved = await saveIfNeeded(fields);
    if (!saved) return;
    if (!article) afterFirstSave(saved, 'The draft is saved. Readers see it once you publish it.');
    else setNotice({ message: 'Your changes are saved.', at: Date.now() });
  };

  const onPublish = async (fields: ArticleFields) => {
    setFailure(null);
    const saved = await saveIfNeeded(fields);
    if (!saved) return;
    try {
      await publishing.mutateAsync({ id: saved.id, publish: true });
    } catch (error) {
      // A new article is saved by now: move to it, or the next save would write a second one.
      if (!article) {
        afterFirstSave(
          saved,
          `The draft is saved, but it could not be published: ${apiErrorMessage(error)}`,
          true,
        );
      } else {
        setFailure(apiErrorMessage(error));
      }
      return;
    }
    const message = 'The article is published: readers can find it now.';
    if (!article) afterFirstSave(saved, message);
    else setNotice({ message, at: Date.now() });
  };

  const onUnpublish = async () => {
    if (!article) return;
    setFailure(null);
    try {
      await publishing.mutateAsync({ id: article.id, publish: false });
      setNotice({
        message: 'The article is a draft again: readers no longer see it.',
        at: Date.now(),
      });
    } catch (error) {
      setFailure(apiErrorMessage(error));
    }
  };

  const onDelete = async () => {
    if (!article) return;
    setDeleteFailure(undefined);
    try {
      await remove.mutateAsync(article.id);
    } catch (error) {
      setDeleteFailure(apiErrorMessage(error));
      return;
    }
    leavingOnPurpose.current = true;
    setConfirmDelete(false);
    navigate(paths.educationAdmin, { state: flashState(`“${article.title}” is deleted.`) });
  };

  const titleField = register('title');
  const busy = isSubmitting || publishing.isPending;
  const isPublished = article?.status === 'published';
  const tagsError = messageOf(errors.tags);

  return (
    <Box sx={{ maxWidth: 1200, mx: 'auto', display: 'grid', gap: 3 }}>
      <Box>
        <Button component={RouterLink} to={paths.educationAdmin} startIcon={<ArrowBackIcon />}>
          All articles
        </Button>
      </Box>

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
          <Typography
            variant="h5"
            component="h2"
            sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}
          >
            {article ? article.title : 'New article'}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {article
              ? [
                  `Changed ${formatArticleDate(article.updatedAt)}`,
                  article.publishedAt &&
                    `first published ${formatArticleDate(article.publishedAt)}`,
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
              onClick={() => {
                setDeleteFailure(undefined);
                setConfirmDelete(true);
              }}
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
              loading={publishing.isPending}
              disabled={busy}
            >
              Unpublish
            </Button>
          ) : (
            <Button
              variant="outlined"
              color="secondary"
              startIcon={<PublishOutlinedIcon />}
              onClick={handleSubmit(onPublish)}
              loading={publishing.isPending}
              disabled={busy}
            >
              {article && !isDirty ? 'Publish' : 'Save and publish'}
            </Button>
          )}
          <Button
            type="submit"
            form="article-form"
            variant="contained"
            loading={save.isPending}
            disabled={busy}
          >
            {article ? 'Save' : 'Save draft'}
          </Button>
        </Box>
      </Paper>

      {failure && (
        <Alert severity="error" onClose={() => setFailure(null)}>
          {failure}
        </Alert>
      )}

      <Box
        component="form"
        id="article-form"
        aria-label="Article"
        noValidate
        onSubmit={handleSubmit(onSave)}
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
          <Section id="article-details" title="Details">
            <TextField
              {...textFieldRegistration({
                ...titleField,
                onChange: async (event) => {
                  await titleField.onChange(event);
                  // A new article's address follows its title until someone types one.
                  if (!article && !getFieldState('slug').isDirty) {
                    setValue('slug', slugOf(String(event.target.value)));
                  }
                },
              })}
              label="Title"
              fullWidth
              error={Boolean(errors.title)}
              helperText={fieldMessage('Title', errors.title)}
            />
            {/* Controlled, so the label moves aside when the title fills the field in. */}
            <Controller
              control={control}
              name="slug"
              render={({ field: { ref, ...field } }) => (
                <TextField
                  {...field}
                  inputRef={ref}
                  label="Slug"
                  fullWidth
                  error={Boolean(errors.slug)}
                  helperText={
                    fieldMessage('Slug', errors.slug) ?? <AddressHint control={control} />
                  }
                />
              )}
            />
            <TextField
              {...textFieldRegistration(register('summary'))}
              label="Summary"
              multiline
              rows={3}
              fullWidth
              error={Boolean(errors.summary)}
              helperText={
                fieldMessage('Summary', errors.summary) ??
                `One or two sentences for the card, up to ${articleLimits.summary.max} characters.`
              }
            />
            <Controller
              control={control}
              name="tags"
              render={({ field }) => (
                <Autocomplete
                  multiple
                  freeSolo
                  autoSelect
                  filterSelectedOptions
                  options={suggestedTags}
                  value={field.value}
                  onChange={(_event, value) =>
                    field.onChange([...new Set(value.map(normaliseTag).filter(Boolean))])
                  }
                  onBlur={field.onBlur}
                  renderInput={(params) => (
                    <TextField
                      {...params}
                      inputRef={field.ref}
                      label="Tags"
                      error={Boolean(tagsError)}
                      helperText={
                        tagsError
                          ? `Tags ${tagsError}`
                          : 'The measure or risk it explains (pulse, smoking…), measures or risks, then topics. Enter adds a tag.'
                      }
                    />
                  )}
                />
              )}
            />
          </Section>

          <Section id="article-cover" title="Cover">
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
          </Section>
        </Box>

        <Section id="article-body" title="Body">
          <Box
            sx={{
              display: 'grid',
              gap: 3,
              gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' },
              alignItems: 'start',
            }}
          >
            <TextField
              {...textFieldRegistration(register('body'))}
              label="Body"
              multiline
              rows={bodyRows}
              fullWidth
              error={Boolean(errors.body)}
              helperText={
                fieldMessage('Body', errors.body) ??
                'Markdown: ## starts a section, - a list item, **bold**, [words](https://…) a link. HTML shows as plain text.'
              }
              slotProps={{
                htmlInput: {
                  sx: {
                    fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
                    fontSize: '0.9rem',
                    lineHeight: 1.6,
                  },
                },
              }}
            />
            <BodyPreview control={control} />
          </Box>
        </Section>

        <Section id="article-sources-editor" title="Sources">
          <Typography variant="body2" color="text.secondary" sx={{ mt: -1 }}>
            The public pages the article draws on (WHO, NHS, AHA…), listed under it as links.
          </Typography>
          {sources.fields.map((row, index) => {
            const rowErrors = errors.sources?.[index];
            const number = index + 1;
            return (
              <Box
                key={row.id}
                sx={{
                  display: 'grid',
                  gap: 2,
                  gridTemplateColumns: { xs: '1fr auto', md: '2fr 3fr auto' },
                  alignItems: 'start',
                }}
              >
                <TextField
                  {...textFieldRegistration(register(`sources.${index}.name`))}
                  label={`Source ${number} name`}
                  size="small"
                  fullWidth
                  error={Boolean(rowErrors?.name)}
                  helperText={fieldMessage('The name', rowErrors?.name)}
                />
                <TextField
                  {...textFieldRegistration(register(`sources.${index}.url`))}
                  label={`Source ${number} address`}
                  type="url"
                  size="small"
                  fullWidth
                  placeholder="https://"
                  error={Boolean(rowErrors?.url)}
                  helperText={fieldMessage('The address', rowErrors?.url)}
                  sx={{ gridRow: { xs: 2, md: 'auto' }, gridColumn: { xs: '1', md: 'auto' } }}
                />
                <IconButton
                  aria-label={`Remove source ${number}`}
                  onClick={() => sources.remove(index)}
                  sx={{ gridRow: { xs: '1 / span 2', md: 'auto' } }}
                >
                  <DeleteOutlinedIcon />
                </IconButton>
              </Box>
            );
          })}
          <Box>
            <Button
              startIcon={<AddIcon />}
              onClick={() => sources.append({ name: '', url: '' })}
              disabled={sources.fields.length >= articleLimits.sources.max}
            >
              Add a source
            </Button>
          </Box>
        </Section>

        <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1 }}>
          <Button
            type="submit"
            variant="contained"
            size="large"
            loading={save.isPending}
            disabled={busy}
          >
            {article ? 'Save' : 'Save draft'}
          </Button>
        </Box>
      </Box>

      <ConfirmDialog
        open={confirmDelete}
        title="Delete this article?"
        message={`“${article?.title ?? getValues('title')}” and its uploaded cover go for good. To take it away from readers for a while, unpublish it instead.`}
        confirmLabel="Delete"
        destructive
        busy={remove.isPending}
        error={deleteFailure}
        onConfirm={() => void onDelete()}
        onCancel={() => setConfirmDelete(false)}
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
      <Snackbar
        key={notice?.at}
        open={notice !== null}
        autoHideDuration={6000}
        onClose={(_event, reason) => {
          if (reason !== 'clickaway') setNotice(null);
        }}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      >
        <Alert
          severity={notice?.warning ? 'warning' : 'success'}
          variant="filled"
          onClose={() => setNotice(null)}
          sx={{ width: '100%' }}
        >
          {notice?.message}
        </Alert>
      </Snackbar>
    </Box>
  );
}
