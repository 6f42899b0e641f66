import { Controller, useWatch, type Control } from 'react-hook-form';
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { articleLimits } from '@vitalia/api/education.contract';
import { fieldMessage, textFieldRegistration } from '../../../lib/form-field';
import { normaliseTag, slugOf } from '../utils/article-text';
import { messageOf, suggestedTags, type ArticleForm, type ArticleFormValues } from './article-form';
import { EditorSection } from './editor-section';

/** The article's address as it stands; watched here so typing re-renders only this line. */
function AddressHint({ control }: { control: Control<ArticleFormValues> }) {
  const slug = useWatch({ control, name: 'slug' });
  return <>The article's address: /education/{slug || '…'}</>;
}

interface ArticleDetailsSectionProps {
  form: ArticleForm;
  /** A new article's slug follows its title until one is typed. */
  isNew: boolean;
}

/** Title, slug, summary and tags. */
export function ArticleDetailsSection({ form, isNew }: ArticleDetailsSectionProps) {
  const {
    register,
    control,
    setValue,
    getFieldState,
    formState: { errors },
  } = form;
  const titleField = register('title');
  const tagsError = messageOf(errors.tags);

  return (
    <EditorSection id="article-details" title="Details">
      <TextField
        {...textFieldRegistration({
          ...titleField,
          onChange: async (event) => {
            await titleField.onChange(event);
            // A new article's address follows its title until someone types one.
            if (isNew && !getFieldState('slug').isDirty) {
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
            helperText={fieldMessage('Slug', errors.slug) ?? <AddressHint control={control} />}
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
    </EditorSection>
  );
}
