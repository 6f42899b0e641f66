import { useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import UploadFileOutlinedIcon from '@mui/icons-material/UploadFileOutlined';
import {
  isUploadedCover,
  STOCK_COVERS,
  stockCoverPath,
  type AdminArticle,
} from '@vitalia/api/education.contract';
import { useChosenImage } from '../../../lib/chosen-image.hook';
import { apiErrorMessage } from '../../../lib/api-client';
import { articleCoverLimits } from '@vitalia/api/education.contract';
import { coverProblem, useUploadCover } from '../api/upload-cover.mutation';
import { tagLabel } from '../utils/article-text';
import { ArticleCover } from './article-cover';

type Outcome = { kind: 'uploaded' } | { kind: 'failed'; message: string };

interface CoverFieldProps {
  /** The saved article; null while it is new, which cannot take an upload yet. */
  articleId: string | null;
  value: string | null;
  onChange: (cover: string | null) => void;
  /** After an upload the server has already set the cover: the form keeps it as saved. */
  onUploaded: (article: AdminArticle) => void;
  error?: string | undefined;
}

const noCover = '';

/** The cover: one of the illustrations shipped with the app, or an image uploaded for it. */
export function CoverField({ articleId, value, onChange, onUploaded, error }: CoverFieldProps) {
  const upload = useUploadCover();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);

  const {
    chosen,
    choose,
    clear: clearChosen,
  } = useChosenImage(coverProblem, (problem) =>
    setOutcome(problem ? { kind: 'failed', message: problem } : null),
  );

  const send = async () => {
    if (!chosen || !articleId) return;
    try {
      const saved = await upload.mutateAsync({ id: articleId, file: chosen.file });
      clearChosen();
      setOutcome({ kind: 'uploaded' });
      onUploaded(saved);
    } catch (failure) {
      setOutcome({ kind: 'failed', message: apiErrorMessage(failure) });
    }
  };

  const uploaded = isUploadedCover(value) ? value : null;

  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <ArticleCover
        src={chosen?.previewUrl ?? value}
        alt={chosen ? 'Preview of the image to upload' : value ? 'The current cover' : ''}
        sx={{ borderRadius: 2, border: 1, borderColor: 'divider' }}
      />
      {chosen ? (
        <Box sx={{ display: 'grid', gap: 1 }}>
          <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
            {chosen.file.name}
          </Typography>
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
            <Button variant="contained" onClick={send} loading={upload.isPending}>
              Upload this image
            </Button>
            <Button onClick={() => clearChosen()} disabled={upload.isPending}>
              Cancel
            </Button>
          </Box>
        </Box>
      ) : (
        <>
          <TextField
            select
            label="Illustration"
            value={value ?? noCover}
            onChange={(event) =>
              onChange(event.target.value === noCover ? null : event.target.value)
            }
            error={Boolean(error)}
            helperText={error}
            size="small"
            fullWidth
          >
            <MenuItem value={noCover}>No cover</MenuItem>
            {uploaded && <MenuItem value={uploaded}>The uploaded image</MenuItem>}
            {STOCK_COVERS.map((name) => (
              <MenuItem key={name} value={stockCoverPath(name)}>
                {tagLabel(name)}
              </MenuItem>
            ))}
          </TextField>
          <Box>
            <Button
              variant="outlined"
              startIcon={<UploadFileOutlinedIcon />}
              onClick={() => fileInput.current?.click()}
              disabled={!articleId}
            >
              Upload an image
            </Button>
            <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 0.5 }}>
              {articleId
                ? 'JPEG, PNG or WebP, up to 5 MB; shown at 16:9.'
                : 'Save the draft first to upload an image of your own.'}
            </Typography>
          </Box>
        </>
      )}
      {outcome?.kind === 'uploaded' && <Alert severity="success">The new cover is saved.</Alert>}
      {outcome?.kind === 'failed' && <Alert severity="error">{outcome.message}</Alert>}
      {/* Opened by the button above: a file input styled as a button would nest one control in
          another, which screen readers announce badly. */}
      <input
        ref={fileInput}
        type="file"
        hidden
        aria-label="Cover image file"
        accept={articleCoverLimits.types.join(',')}
        onChange={choose}
      />
    </Box>
  );
}
