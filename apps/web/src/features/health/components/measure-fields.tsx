import { createContext, useContext, useRef, type MouseEvent, type ReactNode } from 'react';
import { Controller, useWatch, type FieldError, type UseFormReturn } from 'react-hook-form';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import InputAdornment from '@mui/material/InputAdornment';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import SentimentDissatisfiedIcon from '@mui/icons-material/SentimentDissatisfied';
import SentimentNeutralIcon from '@mui/icons-material/SentimentNeutral';
import SentimentVeryDissatisfiedIcon from '@mui/icons-material/SentimentVeryDissatisfied';
import SentimentVerySatisfiedIcon from '@mui/icons-material/SentimentVerySatisfied';
import type { HealthReadingRequest } from '@vitalia/api/records.contract';
import { MEASURES, type MeasureId } from '@vitalia/health/measure.catalog';
import { MOOD_VALUES, type MoodValue } from '@vitalia/health/mood.measure';
import { textFieldRegistration } from '../../../lib/form-field';
import { unitChoiceOf, type DisplayUnit } from '../../../readings/format/display-units';
import {
  convertTypedValue,
  type BmiSource,
  type ReadingFieldName,
  type ReadingFormValues,
} from '../utils/reading-form';
import { paths } from '../../../lib/paths';
import { MeterOutOfRange } from './meter-out-of-range';

export type ReadingFormMethods = UseFormReturn<ReadingFormValues, unknown, HealthReadingRequest>;

/** The contract words messages to follow a name ('SpO2 must be…', 'blood sugar must be…'). */
export function sentence(message: string | undefined): string | undefined {
  return message ? message.charAt(0).toUpperCase() + message.slice(1) : undefined;
}

function errorOf(form: ReadingFormMethods, name: ReadingFieldName): FieldError | undefined {
  return form.formState.errors[name] as FieldError | undefined;
}

interface NumberFieldProps {
  form: ReadingFormMethods;
  name: Exclude<ReadingFieldName, 'mood' | 'takenAt' | 'note'>;
  label: string;
  unit: string;
  helper?: ReactNode;
  autoFocus?: boolean;
  /** A count (breaths): the phone offers digits only. */
  whole?: boolean;
}

/** Whether a field marked to take the focus may: not on a form of several measures. */
const FocusFirst = createContext(true);

function NumberField({ form, name, label, unit, helper, autoFocus, whole }: NumberFieldProps) {
  const error = errorOf(form, name);
  const mayFocus = useContext(FocusFirst);
  return (
    <TextField
      {...textFieldRegistration(form.register(name))}
      label={label}
      fullWidth
      autoFocus={autoFocus === true && mayFocus}
      error={Boolean(error)}
      helperText={sentence(error?.message) ?? helper}
      slotProps={{
        input: { endAdornment: <InputAdornment position="end">{unit}</InputAdornment> },
        // Text rather than type=number: a decimal comma is accepted, and nothing scrolls the value.
        htmlInput: { inputMode: whole ? 'numeric' : 'decimal', autoComplete: 'off' },
      }}
    />
  );
}

const toggleSx = { '& .MuiToggleButton-root': { textTransform: 'none', px: 1.5 } } as const;

interface UnitToggleProps {
  form: ReadingFormMethods;
  measure: MeasureId;
  onUnitChange?: ((unit: DisplayUnit) => void) | undefined;
}

/** mg/dL or mmol/L, °C or °F: switching converts what is typed, so nothing is typed twice. */
function UnitToggle({ form, measure, onUnitChange }: UnitToggleProps) {
  const { control, getValues, setValue, clearErrors } = form;
  const unit = useWatch({ control, name: 'unit' });
  // What was typed before a switch: switching back, untouched, gives it back as typed (99 mg/dL
  // shows as 5.5 mmol/L, and 5.5 mmol/L would come back as 98).
  const beforeSwitch = useRef<{ unit: DisplayUnit | null; typed: string; shown: string } | null>(
    null,
  );
  const choice = unitChoiceOf(measure);
  if (!choice) return null;

  const change = (_event: MouseEvent<HTMLElement>, next: DisplayUnit | null) => {
    if (!next || next === unit) return;
    const typed = getValues('value');
    const earlier = beforeSwitch.current;
    if (earlier && earlier.unit === next && earlier.shown === typed) {
      setValue('value', earlier.typed);
      beforeSwitch.current = null;
    } else {
      const shown = convertTypedValue(measure, typed, unit, next);
      setValue('value', shown);
      beforeSwitch.current = { unit, typed, shown };
    }
    setValue('unit', next);
    clearErrors('value');
    onUnitChange?.(next);
  };

  return (
    <ToggleButtonGroup
      value={unit}
      exclusive
      size="small"
      onChange={change}
      aria-label={`${MEASURES[measure].displayName} unit`}
      // As tall as the text field beside it.
      sx={{ ...toggleSx, height: 56 }}
    >
      <ToggleButton value={choice.canonical}>{choice.canonical}</ToggleButton>
      <ToggleButton value={choice.alternative}>{choice.alternative}</ToggleButton>
    </ToggleButtonGroup>
  );
}

function ValueWithUnitChoice({
  form,
  measure,
  label,
  onUnitChange,
}: UnitToggleProps & { label: string }) {
  const unit = useWatch({ control: form.control, name: 'unit' });
  return (
    <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-start' }}>
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <NumberField form={form} name="value" label={label} unit={unit ?? ''} autoFocus />
      </Box>
      <UnitToggle form={form} measure={measure} onUnitChange={onUnitChange} />
    </Box>
  );
}

function SwitchField({
  form,
  name,
  label,
}: {
  form: ReadingFormMethods;
  name: 'hadDiabetics' | 'hadMeal';
  label: string;
}) {
  return (
    <Controller
      control={form.control}
      name={name}
      render={({ field }) => (
        <FormControlLabel
          label={label}
          control={
            <Switch
              checked={field.value}
              onChange={(event) => field.onChange(event.target.checked)}
              onBlur={field.onBlur}
              name={field.name}
              slotProps={{ input: { ref: field.ref } }}
            />
          }
        />
      )}
    />
  );
}

const moodIcons: Record<MoodValue, typeof SentimentNeutralIcon> = {
  Happy: SentimentVerySatisfiedIcon,
  Neutral: SentimentNeutralIcon,
  Sad: SentimentDissatisfiedIcon,
  'Very Sad': SentimentVeryDissatisfiedIcon,
};

function MoodField({ form }: { form: ReadingFormMethods }) {
  const error = errorOf(form, 'mood');
  return (
    <Controller
      control={form.control}
      name="mood"
      render={({ field }) => (
        <FormControl error={Boolean(error)} component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
          <FormLabel component="legend" sx={{ mb: 1.5 }}>
            How do you feel?
          </FormLabel>
          <ToggleButtonGroup
            exclusive
            value={field.value || null}
            onChange={(_event, next: string | null) => {
              if (next) field.onChange(next);
            }}
            aria-label="Mood"
            sx={{
              display: 'grid',
              gridTemplateColumns: { xs: 'repeat(2, 1fr)', sm: 'repeat(4, 1fr)' },
              '& .MuiToggleButton-root': {
                textTransform: 'none',
                flexDirection: 'column',
                gap: 0.5,
                py: 1.5,
                // The grid places the buttons; the group's joined borders would look broken.
                borderRadius: 1,
                border: 1,
                borderColor: 'divider',
                ml: '0 !important',
              },
              gap: 1,
            }}
          >
            {MOOD_VALUES.map((mood, index) => {
              const Icon = moodIcons[mood];
              return (
                <ToggleButton
                  key={mood}
                  value={mood}
                  ref={index === 0 ? field.ref : undefined}
                  onBlur={field.onBlur}
                >
                  <Icon aria-hidden fontSize="large" />
                  {mood}
                </ToggleButton>
              );
            })}
          </ToggleButtonGroup>
          {error && <FormHelperText>{sentence(error.message)}</FormHelperText>}
        </FormControl>
      )}
    />
  );
}

function ProfileLink({ children }: { children: ReactNode }) {
  return (
    <Link component={RouterLink} to={paths.editProfile}>
      {children}
    </Link>
  );
}

function BmiFields({ form, heightMM }: { form: ReadingFormMethods; heightMM: number | null }) {
  const source = useWatch({ control: form.control, name: 'bmiSource' });
  if (!heightMM) {
    return (
      <NumberField
        form={form}
        name="value"
        label="BMI"
        unit="kg/m²"
        autoFocus
        helper={
          <>
            To work it out from your weight,{' '}
            <ProfileLink>add your height to your profile</ProfileLink>.
          </>
        }
      />
    );
  }
  const change = (_event: MouseEvent<HTMLElement>, next: BmiSource | null) => {
    if (!next) return;
    form.setValue('bmiSource', next);
    form.clearErrors(['value', 'weight']);
  };
  return (
    <Stack spacing={2}>
      <ToggleButtonGroup
        value={source}
        exclusive
        size="small"
        onChange={change}
        aria-label="How to give your BMI"
        sx={toggleSx}
      >
        <ToggleButton value="weight">From my weight</ToggleButton>
        <ToggleButton value="bmi">I know my BMI</ToggleButton>
      </ToggleButtonGroup>
      {source === 'weight' ? (
        <NumberField
          form={form}
          name="weight"
          label="Weight"
          unit="kg"
          autoFocus
          helper={`With the height in your profile, ${(heightMM / 10).toLocaleString('en-GB')} cm`}
        />
      ) : (
        <NumberField form={form} name="value" label="BMI" unit="kg/m²" autoFocus />
      )}
    </Stack>
  );
}

function TwoFields({ children }: { children: ReactNode }) {
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2 }}>
      {children}
    </Box>
  );
}

interface MeasureFieldsProps {
  form: ReadingFormMethods;
  measure: MeasureId;
  heightMM: number | null;
  /** Date of birth and gender are in the profile, so a pulse is rated for age and sex. */
  pulseProfile: boolean;
  onUnitChange?: ((unit: DisplayUnit) => void) | undefined;
  /** Correcting a stored reading: one reading changes, so no pulse is asked with a pressure. */
  correcting?: boolean;
  /**
   * Whether a pressure asks for the pulse its monitor showed; by default when not correcting. A
   * check that asks the pulse on its own does not ask it twice.
   */
  pulseWithPressure?: boolean;
  /** Whether the first field takes the focus when it appears; not on a form of several measures. */
  focusFirst?: boolean;
}

/** The inputs each measure needs. */
export function MeasureFields({
  form,
  measure,
  heightMM,
  pulseProfile,
  onUnitChange,
  correcting = false,
  pulseWithPressure = !correcting,
  focusFirst = true,
}: MeasureFieldsProps) {
  return (
    <FocusFirst.Provider value={focusFirst}>
      <FieldsOf
        form={form}
        measure={measure}
        heightMM={heightMM}
        pulseProfile={pulseProfile}
        onUnitChange={onUnitChange}
        pulseWithPressure={pulseWithPressure}
      />
    </FocusFirst.Provider>
  );
}

function FieldsOf({
  form,
  measure,
  heightMM,
  pulseProfile,
  onUnitChange,
  pulseWithPressure,
}: Omit<MeasureFieldsProps, 'correcting' | 'focusFirst'> & { pulseWithPressure: boolean }) {
  const definition = MEASURES[measure];
  const field = definition.form;
  switch (field.kind) {
    case 'number':
      return (
        <NumberField
          form={form}
          name="value"
          label={field.label.en}
          unit={definition.unit ?? ''}
          autoFocus
          whole={definition.wire.value !== 'word' && definition.wire.value.whole === true}
          helper={
            // A web-only hint: the profile link says where an age-and-sex rating comes from.
            measure === 'pulse' && !pulseProfile ? (
              <>
                Rated against the adult range of 41–100 bpm.{' '}
                <ProfileLink>Add your date of birth and gender</ProfileLink> to rate it for your
                age.
              </>
            ) : (
              field.helper?.en
            )
          }
        />
      );
    case 'number-with-unit-choice':
      return (
        <ValueWithUnitChoice
          form={form}
          measure={measure}
          label={field.label.en}
          onUnitChange={onUnitChange}
        />
      );
    case 'sugar':
      return (
        <Stack spacing={1}>
          <ValueWithUnitChoice
            form={form}
            measure={measure}
            label="Blood sugar"
            onUnitChange={onUnitChange}
          />
          <SwitchField form={form} name="hadDiabetics" label="I have diabetes" />
          <SwitchField form={form} name="hadMeal" label="I have eaten in the last 2 hours" />
          <MeterOutOfRange />
        </Stack>
      );
    case 'bmi':
      return <BmiFields form={form} heightMM={heightMM} />;
    case 'mood':
      return <MoodField form={form} />;
    case 'pressure':
      return (
        <TwoFields>
          {/* Which number is which goes below each field: in the label it ran into the unit where
              the two fields share a row at their narrowest (600 px). */}
          <NumberField
            form={form}
            name="systolic"
            label="Systolic"
            unit="mmHg"
            helper="The top number"
            autoFocus
          />
          <NumberField
            form={form}
            name="diastolic"
            label="Diastolic"
            unit="mmHg"
            helper="The bottom number"
          />
          {pulseWithPressure && (
            <NumberField
              form={form}
              name="pulse"
              label="Pulse (optional)"
              unit="bpm"
              helper="If your monitor shows it: saved as a pulse reading too"
            />
          )}
        </TwoFields>
      );
    case 'spirometry':
      return (
        <Stack spacing={1.5}>
          <Typography variant="body2" color="text.secondary">
            As your spirometry result gives them, in percent of the predicted value.
          </Typography>
          <TwoFields>
            <NumberField form={form} name="fev1" label="FEV1" unit="%" autoFocus />
            <NumberField form={form} name="fev2" label="FEV2" unit="%" />
          </TwoFields>
        </Stack>
      );
    default: {
      // A new kind of field is a compile error here, not a blank dialog.
      const unreachable: never = field;
      return unreachable;
    }
  }
}
