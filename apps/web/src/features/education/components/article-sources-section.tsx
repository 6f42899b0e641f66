import { useFieldArray } from 'react-hook-form';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import { articleLimits } from '@vitalia/api/education.contract';
import { fieldMessage, textFieldRegistration } from '../../../lib/form-field';
import type { ArticleForm } from './article-form';
import { EditorSection } from './editor-section';

/** The public pages the article draws on, a name and an address on a row each. */
export function ArticleSourcesSection({ form }: { form: ArticleForm }) {
  const {
    register,
    control,
    formState: { errors },
  } = form;
  const sources = useFieldArray({ control, name: 'sources' });

  return (
    <EditorSection id="article-sources-editor" title="Sources">
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
    </EditorSection>
  );
}
