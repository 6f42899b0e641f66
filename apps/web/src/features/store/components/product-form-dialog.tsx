import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import InputAdornment from '@mui/material/InputAdornment';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { productImageLimits, type Product, type ProductInput } from '@vitalia/api/store.contract';
import { useImageUpload } from '../../../components/image-upload/image-upload.hook';
import { apiErrorMessage } from '../../../lib/api-client';
import { fieldMessage, textFieldRegistration } from '../../../lib/form-field';
import { placeFieldProblems } from '../../../lib/server-message';
import { useSaveProduct } from '../api/save-product.mutation';
import { useUploadProductImage } from '../api/upload-product-image.mutation';
import { ProductImageField } from './product-image-field';
import {
  formFieldOf,
  formValues,
  productForm,
  slugOf,
  type ProductFormValues,
} from './product-form-values';
import { ShippingOptionsFields } from './shipping-options-fields';

interface ProductFormDialogProps {
  /** The product to edit, or null for a new one. */
  product: Product | null;
  currency: string;
  onClose: () => void;
  onSaved: (product: Product) => void;
}

function ProductFormBody({ product, currency, onClose, onSaved }: ProductFormDialogProps) {
  const save = useSaveProduct();
  const uploadImage = useUploadProductImage();
  const [failure, setFailure] = useState<string | null>(null);
  // The product as the server last answered it: a new one exists once its first save succeeds,
  // so trying again after a refused picture changes it rather than adding it a second time.
  const [stored, setStored] = useState<Product | null>(product);
  const image = useImageUpload(productImageLimits, 'picture');

  const {
    register,
    control,
    handleSubmit,
    setError,
    setValue,
    getFieldState,
    formState: { errors },
  } = useForm<ProductFormValues, unknown, ProductInput>({
    resolver: zodResolver(productForm(currency)),
    defaultValues: formValues(product, currency),
  });
  // The slug is filled from the name without being typed in: its label must move up for it.
  const slug = useWatch({ control, name: 'slug' });

  const onSubmit = async (input: ProductInput) => {
    setFailure(null);
    image.setOutcome(null);
    let saved: Product;
    try {
      saved = await save.mutateAsync({ productID: stored?.productID, input });
    } catch (error) {
      setFailure(
        placeFieldProblems(error, ({ field, message }) => {
          const name = formFieldOf(field);
          if (!name) return false;
          setError(name, { message }, { shouldFocus: true });
          return true;
        }),
      );
      return;
    }
    setStored(saved);
    if (!image.chosen) {
      onSaved(saved);
      return;
    }
    // The picture goes once the product exists, since a new product has no id to upload it to.
    try {
      const withImage = await uploadImage.mutateAsync({
        productID: saved.productID,
        file: image.chosen.file,
      });
      image.clear();
      onSaved(withImage);
    } catch (error) {
      // The choice stays, so the admin can save again with it or choose another.
      image.setOutcome({
        kind: 'failed',
        message: `${saved.productName} is saved, but not its picture: ${apiErrorMessage(error)}`,
      });
    }
  };
  const busy = save.isPending || uploadImage.isPending;

  const nameField = register('productName');
  const adornment = {
    input: { startAdornment: <InputAdornment position="start">{currency}</InputAdornment> },
  };

  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)}>
      <DialogTitle>{stored ? `Edit ${stored.productName}` : 'New product'}</DialogTitle>
      <DialogContent dividers sx={{ display: 'grid', gap: 2.5 }}>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '3fr 2fr' } }}>
          <TextField
            {...textFieldRegistration({
              ...nameField,
              onChange: async (event) => {
                await nameField.onChange(event);
                // A new product's address follows its name until someone types one.
                if (!stored && !getFieldState('slug').isDirty) {
                  setValue('slug', slugOf(String(event.target.value)));
                }
              },
            })}
            label="Name"
            fullWidth
            error={Boolean(errors.productName)}
            helperText={fieldMessage('Name', errors.productName)}
          />
          <TextField
            {...textFieldRegistration(register('slug'))}
            label="Slug"
            fullWidth
            slotProps={{ inputLabel: slug ? { shrink: true } : {} }}
            error={Boolean(errors.slug)}
            helperText={fieldMessage('Slug', errors.slug) ?? 'Lower-case words joined by dashes'}
          />
        </Box>
        <TextField
          {...textFieldRegistration(register('description'))}
          label="Description"
          multiline
          minRows={3}
          fullWidth
          error={Boolean(errors.description)}
          helperText={fieldMessage('Description', errors.description)}
        />
        <Box
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr auto' },
            alignItems: 'start',
          }}
        >
          <TextField
            {...textFieldRegistration(register('price'))}
            label="Price"
            inputMode="decimal"
            fullWidth
            slotProps={adornment}
            error={Boolean(errors.price)}
            helperText={fieldMessage('Price', errors.price)}
          />
          <TextField
            {...textFieldRegistration(register('stock'))}
            label="In stock"
            inputMode="numeric"
            fullWidth
            error={Boolean(errors.stock)}
            helperText={fieldMessage('In stock', errors.stock)}
          />
          <Controller
            control={control}
            name="active"
            render={({ field }) => (
              <FormControlLabel
                sx={{ mt: 1 }}
                control={
                  <Switch
                    checked={field.value}
                    onChange={(event) => field.onChange(event.target.checked)}
                    slotProps={{ input: { ref: field.ref } }}
                  />
                }
                label="On sale"
              />
            )}
          />
        </Box>
        <ShippingOptionsFields
          control={control}
          register={register}
          errors={errors}
          currency={currency}
        />
        <ProductImageField current={stored?.productImage ?? null} image={image} disabled={busy} />
        {failure && <Alert severity="error">{failure}</Alert>}
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 2 }}>
        <Button onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        <Button type="submit" variant="contained" loading={busy}>
          {stored ? 'Save changes' : 'Add product'}
        </Button>
      </DialogActions>
    </form>
  );
}

/** Adds a product or changes one: price, stock, whether it is on sale, and its shipping. */
export function ProductFormDialog(props: ProductFormDialogProps & { open: boolean }) {
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const { open, ...body } = props;
  return (
    <Dialog open={open} onClose={props.onClose} fullWidth maxWidth="md" fullScreen={fullScreen}>
      {open && <ProductFormBody key={props.product?.productID ?? 'new'} {...body} />}
    </Dialog>
  );
}
