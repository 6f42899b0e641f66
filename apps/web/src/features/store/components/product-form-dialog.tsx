import { useRef, useState, type ChangeEvent } from 'react';
import { Controller, useFieldArray, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import PhotoCameraOutlinedIcon from '@mui/icons-material/PhotoCameraOutlined';
import {
  productImageLimits,
  productInput,
  type Product,
  type ProductInput,
} from '@vitalia/api/store.contract';
import { z } from '@vitalia/api/zod';
import { useChosenImage, type ChosenImage } from '../../../lib/chosen-image.hook';
import { apiErrorMessage } from '../../../lib/api-client';
import { fieldMessage, textFieldRegistration } from '../../../lib/form-field';
import { placeFieldProblems } from '../../../lib/server-message';
import { useSaveProduct } from '../api/save-product.mutation';
import { productImageProblem, useUploadProductImage } from '../api/upload-product-image.mutation';
import { toMajorText, toMinorUnits } from '../utils/money-input';
import { ProductImage } from './product-image';

interface ShippingRow {
  shippingMethod: string;
  cost: string;
  deliveryTimeDays: string;
}

export interface ProductFormValues {
  productName: string;
  slug: string;
  description: string;
  price: string;
  stock: string;
  active: boolean;
  shippings: ShippingRow[];
}

const wholeNumber = z.string().trim().regex(/^\d+$/, 'must be a whole number, such as 12');

/** The contract's rules; amounts typed as people write them and turned into minor units. */
function productForm(currency: string) {
  const amount = z
    .string()
    .trim()
    .refine(
      (text) => toMinorUnits(text, currency) !== null,
      'must be an amount such as 18500 or 18500.50',
    )
    .transform((text) => toMinorUnits(text, currency) ?? 0);
  return z
    .object({
      productName: productInput.shape.productName,
      slug: productInput.shape.slug,
      description: productInput.shape.description,
      price: amount,
      stock: wholeNumber.transform(Number),
      active: z.boolean(),
      shippings: z
        .array(
          z.object({
            shippingMethod: z.string().trim().min(1).max(80),
            cost: amount,
            deliveryTimeDays: wholeNumber.transform(Number),
          }),
        )
        .min(1, 'must hold at least one way to ship'),
    })
    .pipe(productInput);
}

function formValues(product: Product | null, currency: string): ProductFormValues {
  if (!product) {
    return {
      productName: '',
      slug: '',
      description: '',
      price: '',
      stock: '0',
      active: true,
      shippings: [{ shippingMethod: 'Standard delivery', cost: '', deliveryTimeDays: '5' }],
    };
  }
  return {
    productName: product.productName,
    slug: product.slug,
    description: product.description,
    price: toMajorText(product.price, currency),
    stock: String(product.stock.available),
    active: product.active,
    shippings: product.shippings.map((option) => ({
      shippingMethod: option.shippingMethod,
      cost: toMajorText(option.cost, currency),
      deliveryTimeDays: String(option.deliveryTimeDays),
    })),
  };
}

/** 'Home ECG monitor' -> 'home-ecg-monitor'. */
export function slugOf(name: string): string {
  return name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80);
}

interface ImageFieldProps {
  /** The picture the product has now, if any. */
  current: string | null;
  chosen: ChosenImage | null;
  problem: string | null;
  disabled: boolean;
  onChoose: (event: ChangeEvent<HTMLInputElement>) => void;
  onDrop: () => void;
}

/** The product's picture and a way to choose another; it is uploaded when the form is saved. */
function ImageField({ current, chosen, problem, disabled, onChoose, onDrop }: ImageFieldProps) {
  const fileInput = useRef<HTMLInputElement>(null);
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
      <Box sx={{ display: 'grid', gap: 1, justifyItems: 'start' }}>
        {chosen && (
          <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
            {chosen.file.name}
          </Typography>
        )}
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          <Button
            variant="outlined"
            startIcon={<PhotoCameraOutlinedIcon />}
            onClick={() => fileInput.current?.click()}
            disabled={disabled}
          >
            {chosen || current ? 'Choose another picture' : 'Choose a picture'}
          </Button>
          {chosen && (
            <Button onClick={onDrop} disabled={disabled}>
              {current ? 'Keep the current picture' : 'Use no picture'}
            </Button>
          )}
        </Box>
        <Typography variant="caption" color="text.secondary">
          JPEG, PNG or WebP, up to 2 MB; shown at 4:3. It is uploaded when you save.
        </Typography>
        {problem && (
          <Alert severity="error" sx={{ width: '100%' }}>
            {problem}
          </Alert>
        )}
      </Box>
      {/* Opened by the button above: a file input styled as a button would nest one control in
          another, which screen readers announce badly. */}
      <input
        ref={fileInput}
        type="file"
        hidden
        aria-label="Picture file"
        accept={productImageLimits.types.join(',')}
        onChange={onChoose}
      />
    </Box>
  );
}

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
  const [imageProblem, setImageProblem] = useState<string | null>(null);

  const {
    chosen,
    choose: chooseImage,
    clear: clearChosen,
  } = useChosenImage(productImageProblem, setImageProblem);
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
  const shippings = useFieldArray({ control, name: 'shippings' });
  // The slug is filled from the name without being typed in: its label must move up for it.
  const slug = useWatch({ control, name: 'slug' });

  const onSubmit = async (input: ProductInput) => {
    setFailure(null);
    setImageProblem(null);
    let saved: Product;
    try {
      saved = await save.mutateAsync({ productID: stored?.productID, input });
    } catch (error) {
      setFailure(
        placeFieldProblems(error, ({ field, message }) => {
          if (
            !/^(productName|slug|description|price|stock|active|shippings(\.\d+\.\w+)?)$/.test(
              field,
            )
          ) {
            return false;
          }
          setError(field as keyof ProductFormValues, { message }, { shouldFocus: true });
          return true;
        }),
      );
      return;
    }
    setStored(saved);
    if (!chosen) {
      onSaved(saved);
      return;
    }
    // The picture goes once the product exists, since a new product has no id to upload it to.
    try {
      const withImage = await uploadImage.mutateAsync({
        productID: saved.productID,
        file: chosen.file,
      });
      clearChosen();
      onSaved(withImage);
    } catch (error) {
      // The choice stays, so the admin can save again with it or choose another.
      setImageProblem(
        `${saved.productName} is saved, but not its picture: ${apiErrorMessage(error)}`,
      );
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
        <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
          <Typography component="legend" variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
            Shipping options
          </Typography>
          <Box sx={{ display: 'grid', gap: 1.5 }}>
            {shippings.fields.map((row, index) => {
              const rowErrors = errors.shippings?.[index];
              return (
                <Box
                  key={row.id}
                  sx={{
                    display: 'grid',
                    gap: 1.5,
                    gridTemplateColumns: { xs: '1fr 1fr auto', sm: '2fr 1fr 1fr auto' },
                    alignItems: 'start',
                  }}
                >
                  <TextField
                    {...textFieldRegistration(register(`shippings.${index}.shippingMethod`))}
                    label="Method"
                    size="small"
                    sx={{ gridColumn: { xs: '1 / -1', sm: 'auto' } }}
                    error={Boolean(rowErrors?.shippingMethod)}
                    helperText={fieldMessage('Method', rowErrors?.shippingMethod)}
                  />
                  <TextField
                    {...textFieldRegistration(register(`shippings.${index}.cost`))}
                    label="Cost"
                    size="small"
                    inputMode="decimal"
                    slotProps={adornment}
                    error={Boolean(rowErrors?.cost)}
                    helperText={fieldMessage('Cost', rowErrors?.cost)}
                  />
                  <TextField
                    {...textFieldRegistration(register(`shippings.${index}.deliveryTimeDays`))}
                    label="Days"
                    size="small"
                    inputMode="numeric"
                    error={Boolean(rowErrors?.deliveryTimeDays)}
                    helperText={fieldMessage('Days', rowErrors?.deliveryTimeDays)}
                  />
                  <IconButton
                    aria-label={`Remove shipping option ${index + 1}`}
                    onClick={() => shippings.remove(index)}
                    disabled={shippings.fields.length === 1}
                  >
                    <DeleteOutlinedIcon />
                  </IconButton>
                </Box>
              );
            })}
          </Box>
          {errors.shippings?.root?.message || errors.shippings?.message ? (
            <Typography variant="body2" color="error" sx={{ mt: 1 }}>
              Shipping options {errors.shippings.root?.message ?? errors.shippings.message}
            </Typography>
          ) : null}
          <Button
            startIcon={<AddIcon />}
            size="small"
            sx={{ mt: 1 }}
            disabled={shippings.fields.length >= 5}
            onClick={() => shippings.append({ shippingMethod: '', cost: '', deliveryTimeDays: '' })}
          >
            Add a shipping option
          </Button>
        </Box>
        <ImageField
          current={stored?.productImage ?? null}
          chosen={chosen}
          problem={imageProblem}
          disabled={busy}
          onChoose={chooseImage}
          onDrop={() => {
            clearChosen();
            setImageProblem(null);
          }}
        />
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
