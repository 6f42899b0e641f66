import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import dayjs from 'dayjs';
import 'dayjs/locale/en-gb';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { genders, type Profile, type ProfileUpdateRequest } from '@vitalia/api/identity.contract';
import { fieldMessage, textFieldRegistration } from '../../../lib/form-field';
import { placeFieldProblems } from '../../../lib/server-message';
import { useUpdateProfile } from '../api/update-profile.mutation';
import {
  profileForm,
  profileFormValues,
  type ProfileFormInput,
} from '../utils/profile-form.schema';
import { HeightField } from './height-field';

// The spec's calendar runs from 1900; a date of birth cannot lie ahead.
const earliestBirthDate = dayjs('1900-01-01');

const textFieldNames = [
  'FirstName',
  'LastName',
  'Displayname',
  'EmailAddress',
  'PhoneNo',
  'Country',
] as const;
type TextFieldName = (typeof textFieldNames)[number];

// The server names fields as the request does; the form's height has one field per unit.
function formFieldOf(wireName: string, form: ProfileFormInput) {
  if ((textFieldNames as readonly string[]).includes(wireName)) return wireName as TextFieldName;
  if (wireName === 'DOB') return 'DOB' as const;
  if (wireName === 'HeightMM') return form.height.unit === 'cm' ? 'height.cm' : 'height.feet';
  return null;
}

interface ProfileFormProps {
  profile: Profile;
  onSaved: () => void;
  onCancel: () => void;
}

export function ProfileForm({ profile, onSaved, onCancel }: ProfileFormProps) {
  const updateCall = useUpdateProfile();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<ProfileFormInput, unknown, ProfileUpdateRequest>({
    resolver: zodResolver(profileForm),
    defaultValues: profileFormValues(profile),
  });
  const {
    control,
    register,
    handleSubmit,
    getValues,
    setError,
    formState: { errors },
  } = form;

  const onSubmit = async (request: ProfileUpdateRequest) => {
    setFailure(null);
    try {
      await updateCall.mutateAsync(request);
      onSaved();
    } catch (error) {
      // The form stays as typed, so fixing one field does not mean typing the others again.
      const leftover = placeFieldProblems(error, ({ field, message }) => {
        const name = formFieldOf(field, getValues());
        if (name) setError(name, { message }, { shouldFocus: true });
        return name !== null;
      });
      setFailure(leftover);
    }
  };

  const text = (name: TextFieldName, label: string, extra: Record<string, unknown> = {}) => (
    <TextField
      {...textFieldRegistration(register(name))}
      label={label}
      fullWidth
      error={Boolean(errors[name])}
      helperText={fieldMessage(label, errors[name])}
      {...extra}
    />
  );

  return (
    // en-gb: dates read day first and calendar weeks start on Monday, as the spec asks.
    <LocalizationProvider dateAdapter={AdapterDayjs} adapterLocale="en-gb">
      <Stack component="form" spacing={3} noValidate onSubmit={handleSubmit(onSubmit)}>
        <Card variant="outlined" component="section" aria-labelledby="personal-heading">
          <CardContent>
            <Typography id="personal-heading" variant="h6" component="h2" sx={{ mb: 2.5 }}>
              Personal details
            </Typography>
            <Box
              sx={{
                display: 'grid',
                gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' },
                gap: 2.5,
              }}
            >
              {text('FirstName', 'First name', { autoComplete: 'given-name' })}
              {text('LastName', 'Last name', { autoComplete: 'family-name' })}
              {text('Displayname', 'Display name', { autoComplete: 'nickname' })}
              <Controller
                control={control}
                name="DOB"
                render={({ field, fieldState }) => (
                  <DatePicker
                    label="Date of birth"
                    value={field.value}
                    onChange={field.onChange}
                    inputRef={field.ref}
                    minDate={earliestBirthDate}
                    maxDate={dayjs()}
                    openTo="year"
                    views={['year', 'month', 'day']}
                    slotProps={{
                      textField: {
                        name: field.name,
                        onBlur: field.onBlur,
                        fullWidth: true,
                        error: Boolean(fieldState.error),
                        helperText:
                          fieldMessage('Date of birth', fieldState.error) ?? 'Day, month and year',
                      },
                    }}
                  />
                )}
              />
              <Controller
                control={control}
                name="Gender"
                render={({ field }) => (
                  <Box sx={{ gridColumn: '1 / -1' }}>
                    <FormLabel id="gender-label">Gender</FormLabel>
                    <RadioGroup
                      row
                      aria-labelledby="gender-label"
                      name={field.name}
                      value={field.value}
                      onChange={(event) => field.onChange(event.target.value)}
                      onBlur={field.onBlur}
                    >
                      {genders.map((gender) => (
                        <FormControlLabel
                          key={gender}
                          value={gender}
                          control={<Radio />}
                          label={gender}
                        />
                      ))}
                      <FormControlLabel value="" control={<Radio />} label="Prefer not to say" />
                    </RadioGroup>
                  </Box>
                )}
              />
              <Box sx={{ gridColumn: '1 / -1' }}>
                <HeightField form={form} />
              </Box>
            </Box>
          </CardContent>
        </Card>

        <Card variant="outlined" component="section" aria-labelledby="contact-heading">
          <CardContent>
            <Typography id="contact-heading" variant="h6" component="h2" sx={{ mb: 2.5 }}>
              Contact details
            </Typography>
            <Box
              sx={{
                display: 'grid',
                gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' },
                gap: 2.5,
              }}
            >
              {text('EmailAddress', 'Email address', { type: 'email', autoComplete: 'email' })}
              {text('PhoneNo', 'Phone', { type: 'tel', autoComplete: 'tel' })}
              {text('Country', 'Country', { autoComplete: 'country-name' })}
            </Box>
          </CardContent>
        </Card>

        {failure && <Alert severity="error">{failure}</Alert>}

        <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1.5 }}>
          <Button onClick={onCancel} disabled={updateCall.isPending}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" loading={updateCall.isPending}>
            Save profile
          </Button>
        </Box>
      </Stack>
    </LocalizationProvider>
  );
}
