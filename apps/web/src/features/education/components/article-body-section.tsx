import { useDeferredValue } from 'react';
import { useWatch, type Control } from 'react-hook-form';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { readingMinutes } from '@vitalia/api/education.contract';
import { fieldMessage, textFieldRegistration } from '../../../lib/form-field';
import { readingTimeText } from '../utils/article-text';
import type { ArticleForm, ArticleFormValues } from './article-form';
import { ArticleMarkdown } from './article-markdown';
import { EditorSection } from './editor-section';

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

/** The body in Markdown, with its preview beside it. */
export function ArticleBodySection({ form }: { form: ArticleForm }) {
  const {
    register,
    control,
    formState: { errors },
  } = form;
  return (
    <EditorSection id="article-body" title="Body">
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
    </EditorSection>
  );
}
