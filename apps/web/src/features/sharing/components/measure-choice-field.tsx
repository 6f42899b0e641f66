import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import { MEASURE_IDS, MEASURES, type MeasureId } from '@vitalia/health/measure.catalog';
import type { MeasureChoiceValues } from '../utils/measure-choice';

interface MeasureChoiceFieldProps {
  legend: string;
  value: MeasureChoiceValues;
  onChange: (value: MeasureChoiceValues) => void;
  /** What is wrong with the measures ticked, as a sentence. */
  error: string | undefined;
  disabled?: boolean;
}

/** All measures, or the ones ticked of them. */
export function MeasureChoiceField({
  legend,
  value,
  onChange,
  error,
  disabled = false,
}: MeasureChoiceFieldProps) {
  const toggle = (id: MeasureId, ticked: boolean) =>
    onChange({
      ...value,
      measures: ticked ? [...value.measures, id] : value.measures.filter((each) => each !== id),
    });
  return (
    <FormControl component="fieldset" error={Boolean(error)} disabled={disabled}>
      <FormLabel component="legend">{legend}</FormLabel>
      <RadioGroup
        row
        value={value.measureChoice}
        onChange={(event) =>
          onChange({ ...value, measureChoice: event.target.value === 'all' ? 'all' : 'chosen' })
        }
      >
        <FormControlLabel value="all" control={<Radio />} label="All measures" />
        <FormControlLabel value="chosen" control={<Radio />} label="Chosen measures" />
      </RadioGroup>
      {value.measureChoice === 'chosen' && (
        <Box
          role="group"
          aria-label="Measures to share"
          sx={{
            display: 'grid',
            gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(3, 1fr)' },
            columnGap: 1,
            pl: { sm: 1 },
          }}
        >
          {MEASURE_IDS.map((id) => (
            <FormControlLabel
              key={id}
              control={
                <Checkbox
                  checked={value.measures.includes(id)}
                  onChange={(event) => toggle(id, event.target.checked)}
                />
              }
              label={MEASURES[id].displayName}
            />
          ))}
        </Box>
      )}
      {error && <FormHelperText>{error}</FormHelperText>}
    </FormControl>
  );
}
