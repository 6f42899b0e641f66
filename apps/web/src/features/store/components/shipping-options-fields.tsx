import {
  useFieldArray,
  type Control,
  type FieldErrors,
  type UseFormRegister,
} from 'react-hook-form';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import type { ProductInput } from '@vitalia/api/store.contract';
import { fieldMessage, textFieldRegistration } from '../../../lib/form-field';
import { emptyShippingRow, maxShippingRows, type ProductFormValues } from './product-form-values';

interface ShippingOptionsFieldsProps {
  control: Control<ProductFormValues, unknown, ProductInput>;
  register: UseFormRegister<ProductFormValues>;
  errors: FieldErrors<ProductFormValues>;
  currency: string;
}

/** The product's ways to ship, a row each: method, cost and days; one at least, five at most. */
export function ShippingOptionsFields({
  control,
  register,
  errors,
  currency,
}: ShippingOptionsFieldsProps) {
  const shippings = useFieldArray({ control, name: 'shippings' });
  const adornment = {
    input: { startAdornment: <InputAdornment position="start">{currency}</InputAdornment> },
  };
  const listProblem = errors.shippings?.root?.message || errors.shippings?.message;

  return (
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
      {listProblem ? (
        <Typography variant="body2" color="error" sx={{ mt: 1 }}>
          Shipping options {listProblem}
        </Typography>
      ) : null}
      <Button
        startIcon={<AddIcon />}
        size="small"
        sx={{ mt: 1 }}
        disabled={shippings.fields.length >= maxShippingRows}
        onClick={() => shippings.append({ ...emptyShippingRow })}
      >
        Add a shipping option
      </Button>
    </Box>
  );
}
