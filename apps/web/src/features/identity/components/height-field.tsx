import type { MouseEvent } from 'react';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import Box from '@mui/material/Box';
import FormLabel from '@mui/material/FormLabel';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { fieldMessage, textFieldRegistration } from '../../../lib/form-field';
import {
  heightFieldsFromMm,
  heightMmFromFields,
  type HeightUnit,
  type ProfileFormInput,
} from '../utils/profile-form.schema';

type ProfileFormMethods = UseFormReturn<ProfileFormInput, unknown, unknown>;

const unitAdornment = (unit: string) => ({
  input: { endAdornment: <InputAdornment position="end">{unit}</InputAdornment> },
  htmlInput: { inputMode: 'decimal' as const },
});

/** Height typed in centimetres or in feet and inches; the form turns either into millimetres. */
export function HeightField({ form }: { form: ProfileFormMethods }) {
  const { control, register, getValues, setValue, clearErrors, formState } = form;
  const unit = useWatch({ control, name: 'height.unit' });
  const errors = formState.errors.height;

  // Typing replaces the stored height; until then a unit switch keeps it to the millimetre.
  const typed = () => setValue('height.exactMm', null);

  const switchUnit = (_event: MouseEvent<HTMLElement>, next: HeightUnit | null) => {
    if (!next || next === unit) return;
    const height = getValues('height');
    const mm = heightMmFromFields(height);
    const converted =
      mm !== null ? heightFieldsFromMm(mm) : next === 'cm' ? { cm: '' } : { feet: '', inches: '' };
    setValue('height', { ...height, ...converted, unit: next, exactMm: mm }, { shouldDirty: true });
    clearErrors('height');
  };

  return (
    <Box role="group" aria-labelledby="height-label">
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'space-between',
          gap: 2,
          mb: 1.5,
        }}
      >
        <FormLabel id="height-label" component="span">
          Height
        </FormLabel>
        <ToggleButtonGroup
          value={unit}
          // Unit symbols are lowercase by definition ("cm", not "CM").
          sx={{ '& .MuiToggleButton-root': { textTransform: 'none', px: 1.5 } }}
          exclusive
          size="small"
          onChange={switchUnit}
          aria-label="Height unit"
        >
          <ToggleButton value="cm">cm</ToggleButton>
          <ToggleButton value="ftin">ft + in</ToggleButton>
        </ToggleButtonGroup>
      </Box>
      {unit === 'cm' ? (
        <TextField
          {...textFieldRegistration(register('height.cm', { onChange: typed }))}
          label="Centimetres"
          fullWidth
          error={Boolean(errors?.cm)}
          helperText={fieldMessage('Height', errors?.cm)}
          slotProps={unitAdornment('cm')}
        />
      ) : (
        <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 2 }}>
          <TextField
            {...textFieldRegistration(register('height.feet', { onChange: typed }))}
            label="Feet"
            error={Boolean(errors?.feet)}
            helperText={fieldMessage('Height', errors?.feet)}
            slotProps={unitAdornment('ft')}
          />
          <TextField
            {...textFieldRegistration(register('height.inches', { onChange: typed }))}
            label="Inches"
            error={Boolean(errors?.inches)}
            helperText={fieldMessage('Inches', errors?.inches)}
            slotProps={unitAdornment('in')}
          />
        </Box>
      )}
    </Box>
  );
}
