import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import UploadFileOutlinedIcon from '@mui/icons-material/UploadFileOutlined';
import {
  articleCoverLimits,
  isUploadedCover,
  STOCK_COVERS,
  stockCoverPath,
  type AdminArticle,
} from '@vitalia/api/education.contract';
import { ImageUploadField } from '../../../components/image-upload/image-upload-field';
import { imageLimitsText } from '../../../components/image-upload/image-limits';
import { useImageUpload } from '../../../components/image-upload/image-upload.hook';
import { apiErrorMessage } from '../../../lib/api-client';
import { useUploadCover } from '../api/upload-cover.mutation';
import { tagLabel } from '../utils/article-text';
import { ArticleCover } from './article-cover';

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
  const image = useImageUpload(articleCoverLimits, 'image');
  const { chosen } = image;

  const send = async () => {
    if (!chosen || !articleId) return;
    try {
      const saved = await upload.mutateAsync({ id: articleId, file: chosen.file });
      image.clear();
      image.setOutcome({ kind: 'uploaded' });
      onUploaded(saved);
    } catch (failure) {
      image.setOutcome({ kind: 'failed', message: apiErrorMessage(failure) });
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
      {!chosen && (
        <TextField
          select
          label="Illustration"
          value={value ?? noCover}
          onChange={(event) => onChange(event.target.value === noCover ? null : event.target.value)}
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
      )}
      <ImageUploadField
        upload={image}
        fileLabel="Cover image file"
        chooseLabel="Upload an image"
        chooseIcon={<UploadFileOutlinedIcon />}
        disabled={!articleId}
        chosenActions={
          <>
            <Button variant="contained" onClick={send} loading={upload.isPending}>
              Upload this image
            </Button>
            <Button onClick={() => image.clear()} disabled={upload.isPending}>
              Cancel
            </Button>
          </>
        }
        note={
          chosen
            ? undefined
            : articleId
              ? `${imageLimitsText(articleCoverLimits)}; shown at 16:9.`
              : 'Save the draft first to upload an image of your own.'
        }
        uploadedMessage="The new cover is saved."
      />
    </Box>
  );
}
