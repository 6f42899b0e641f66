import type { Dayjs } from 'dayjs';
import Box from '@mui/material/Box';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';

interface DayChoiceFieldProps {
  legend: string;
  /** The choice without a day ('All my history', 'No end date'). */
  noDayLabel: string;
  /** The choice with one ('From a date'). */
  dayChoiceLabel: string;
  /** The date field's own label ('First day'). */
  dayLabel: string;
  /** Under the date field: what the day chosen means. */
  dayHelp: string;
  hasDay: boolean;
  day: Dayjs | null;
  onHasDay: (hasDay: boolean) => void;
  onDay: (day: Dayjs | null) => void;
  error: string | undefined;
  disablePast?: boolean;
  disableFuture?: boolean;
  disabled?: boolean;
}

/** No day at all, or a day of the person's calendar chosen in a date field. */
export function DayChoiceField(props: DayChoiceFieldProps) {
  const { hasDay, disabled = false } = props;
  return (
    <FormControl component="fieldset" disabled={disabled}>
      <FormLabel component="legend">{props.legend}</FormLabel>
      <RadioGroup
        row
        value={hasDay ? 'day' : 'none'}
        onChange={(event) => props.onHasDay(event.target.value === 'day')}
      >
        <FormControlLabel value="none" control={<Radio />} label={props.noDayLabel} />
        <FormControlLabel value="day" control={<Radio />} label={props.dayChoiceLabel} />
      </RadioGroup>
      {hasDay && (
        <Box sx={{ mt: 1, maxWidth: 320 }}>
          <DatePicker
            label={props.dayLabel}
            value={props.day}
            onChange={props.onDay}
            disabled={disabled}
            disablePast={props.disablePast ?? false}
            disableFuture={props.disableFuture ?? false}
            slotProps={{
              textField: {
                fullWidth: true,
                error: Boolean(props.error),
                helperText: props.error ?? props.dayHelp,
              },
            }}
          />
        </Box>
      )}
    </FormControl>
  );
}
