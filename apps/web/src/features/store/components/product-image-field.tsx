import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import PhotoCameraOutlinedIcon from '@mui/icons-material/PhotoCameraOutlined';
import { productImageLimits } from '@vitalia/api/store.contract';
import { ImageUploadField } from '../../../components/image-upload/image-upload-field';
import { imageLimitsText } from '../../../components/image-upload/image-limits';
import type { ImageUpload } from '../../../components/image-upload/image-upload.hook';
import { ProductImage } from './product-image';

interface ProductImageFieldProps {
  /** The picture the product has now, if any. */
  current: string | null;
  /** From useImageUpload in the dialog, which sends the chosen file when the form is saved. */
  image: ImageUpload;
  disabled: boolean;
}

/** The product's picture and a way to choose another; it is uploaded when the form is saved. */
export function ProductImageField({ current, image, disabled }: ProductImageFieldProps) {
  const { chosen } = image;
  return (
    <Box
      component="fieldset"
      sx={{
        border: 0,
        p: 0,
        m: 0,
        minWidth: 0,
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: '1fr', sm: '200px 1fr' },
        alignItems: 'start',
      }}
    >
      <Typography
        component="legend"
        variant="subtitle1"
        sx={{ fontWeight: 600, mb: 1, gridColumn: '1 / -1' }}
      >
        Picture
      </Typography>
      <ProductImage
        src={chosen?.previewUrl ?? current}
        alt={chosen ? 'Preview of the new picture' : current ? 'The current picture' : ''}
        sx={{ maxWidth: 200, border: 1, borderColor: 'divider' }}
      />
      <ImageUploadField
        upload={image}
        fileLabel="Picture file"
        chooseLabel={chosen || current ? 'Choose another picture' : 'Choose a picture'}
        chooseIcon={<PhotoCameraOutlinedIcon />}
        chooseAgain
        disabled={disabled}
        chosenActions={
          <Button
            onClick={() => {
              image.clear();
              image.setOutcome(null);
            }}
            disabled={disabled}
          >
            {current ? 'Keep the current picture' : 'Use no picture'}
          </Button>
        }
        note={`${imageLimitsText(productImageLimits)}; shown at 4:3. It is uploaded when you save.`}
      />
    </Box>
  );
}
