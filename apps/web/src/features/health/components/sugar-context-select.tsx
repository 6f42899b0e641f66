import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import {
  SUGAR_BANDS,
  type SugarContext,
  type SugarContextKey,
} from '@vitalia/health/sugar.measure';

export const sugarContextNames: Record<SugarContextKey, string> = {
  'non-diabetic-fasting': 'Fasting, no diabetes',
  'non-diabetic-after-meal': 'After a meal, no diabetes',
  'diabetic-fasting': 'Fasting, with diabetes',
  'diabetic-after-meal': 'After a meal, with diabetes',
};

export function contextFromKey(key: SugarContextKey): SugarContext {
  return { hadDiabetics: !key.startsWith('non-'), hadMeal: key.endsWith('after-meal') };
}

interface SugarContextSelectProps {
  value: SugarContextKey;
  onChange: (key: SugarContextKey) => void;
}

/** 'Ranges for': the circumstances whose blood sugar ranges the chart draws. */
export function SugarContextSelect({ value, onChange }: SugarContextSelectProps) {
  return (
    <TextField
      select
      size="small"
      label="Ranges for"
      value={value}
      onChange={(event) => onChange(event.target.value as SugarContextKey)}
      sx={{ minWidth: 240 }}
    >
      {(Object.keys(SUGAR_BANDS) as SugarContextKey[]).map((key) => (
        <MenuItem key={key} value={key}>
          {sugarContextNames[key]}
        </MenuItem>
      ))}
    </TextField>
  );
}
