import type { Ref } from 'react';
import Box from '@mui/material/Box';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import type { FieldProblem } from '../utils/reading-form';
import type { TypedPair } from '../utils/guided-blood-pressure';
import { sentence } from './measure-fields';

interface BloodPressurePairFieldsProps {
  /** Names the fields apart from the other reading's: 'first reading'. */
  name: string;
  value: TypedPair;
  problems: readonly FieldProblem[];
  onChange: (next: TypedPair) => void;
  systolicRef?: Ref<HTMLInputElement>;
}

const fields = [
  { key: 'systolic', label: 'Systolic', helper: 'The top number' },
  { key: 'diastolic', label: 'Diastolic', helper: 'The bottom number' },
] as const;

/** Systolic and diastolic of one reading of the guided flow, side by side from 600 px. */
export function BloodPressurePairFields({
  name,
  value,
  problems,
  onChange,
  systolicRef,
}: BloodPressurePairFieldsProps) {
  return (
    <Box
      role="group"
      aria-label={`Your ${name}`}
      sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2 }}
    >
      {fields.map((field) => {
        const problem = problems.find((known) => known.field === field.key);
        return (
          <TextField
            key={field.key}
            name={field.key}
            label={field.label}
            value={value[field.key]}
            onChange={(event) => onChange({ ...value, [field.key]: event.target.value })}
            inputRef={field.key === 'systolic' ? systolicRef : undefined}
            error={Boolean(problem)}
            helperText={sentence(problem?.message) ?? field.helper}
            fullWidth
            slotProps={{
              input: { endAdornment: <InputAdornment position="end">mmHg</InputAdornment> },
              htmlInput: { inputMode: 'decimal', autoComplete: 'off' },
            }}
          />
        );
      })}
    </Box>
  );
}
