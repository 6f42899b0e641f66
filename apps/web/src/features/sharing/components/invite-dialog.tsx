import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import 'dayjs/locale/en-gb';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import type { Share, ShareRequest } from '@vitalia/api/sharing.contract';
import { fieldMessage, textFieldRegistration } from '../../../lib/form-field';
import { useInviteDoctor } from '../api/invite-doctor.mutation';
import { placeOnFields } from '../utils/form-problems';
import { emptyInvite, inviteForm, type InviteFormInput } from '../utils/invite-form';
import { DayChoiceField } from './day-choice-field';
import { MeasureChoiceField } from './measure-choice-field';
import { DialogForm, SharingDialog } from './sharing-dialog';

const requestFields = ['doctorEmail', 'measures', 'includeAssessment', 'from', 'until'] as const;

function invitedText(share: Share): string {
  return share.doctorHasAccount
    ? `Invite sent to ${share.doctorEmail}. They see nothing until they accept.`
    : `Invite kept for ${share.doctorEmail}: no Vitalia doctor account uses this address yet, so it waits until one does.`;
}

interface InviteDialogProps {
  open: boolean;
  onClose: () => void;
  onInvited: (news: string) => void;
}

/** Invite a doctor: their address, and what they may see, from when and until when. */
export function InviteDialog({ open, onClose, onInvited }: InviteDialogProps) {
  return (
    <SharingDialog open={open} onClose={onClose} labelledBy="invite-title">
      {/* en-gb: dates read day first and weeks start on Monday, as in the profile's form. */}
      <LocalizationProvider dateAdapter={AdapterDayjs} adapterLocale="en-gb">
        <InviteForm onClose={onClose} onInvited={onInvited} />
      </LocalizationProvider>
    </SharingDialog>
  );
}

function InviteForm({ onClose, onInvited }: Omit<InviteDialogProps, 'open'>) {
  const invite = useInviteDoctor();
  const [failure, setFailure] = useState<string | null>(null);
  const { control, register, handleSubmit, setError, setValue, watch, formState } = useForm<
    InviteFormInput,
    unknown,
    ShareRequest
  >({ resolver: zodResolver(inviteForm), defaultValues: emptyInvite });
  const { errors, isSubmitted } = formState;
  const values = watch();
  // Once a send was refused, each change is checked again, so a fixed field loses its message.
  const again = { shouldValidate: isSubmitted };

  const onSubmit = async (request: ShareRequest) => {
    setFailure(null);
    try {
      onInvited(invitedText(await invite.mutateAsync(request)));
    } catch (error) {
      setFailure(
        placeOnFields(error, requestFields, (field, message) =>
          setError(field, { message }, { shouldFocus: field === 'doctorEmail' }),
        ),
      );
    }
  };

  const busy = invite.isPending;
  return (
    <DialogForm
      titleId="invite-title"
      title="Invite a doctor"
      submitLabel="Send invite"
      busy={busy}
      failure={failure}
      onSubmit={handleSubmit(onSubmit)}
      onCancel={onClose}
    >
      <TextField
        {...textFieldRegistration(register('doctorEmail'))}
        label="Doctor’s email"
        type="email"
        autoComplete="off"
        fullWidth
        disabled={busy}
        error={Boolean(errors.doctorEmail)}
        helperText={
          fieldMessage('Doctor’s email', errors.doctorEmail) ??
          'The address they sign in to Vitalia with, as a doctor.'
        }
      />
      <MeasureChoiceField
        legend="What to share"
        value={values}
        onChange={(choice) => {
          setValue('measureChoice', choice.measureChoice, again);
          setValue('measures', choice.measures, again);
        }}
        error={fieldMessage('Chosen measures', errors.measures)}
        disabled={busy}
      />
      <Controller
        control={control}
        name="includeAssessment"
        render={({ field }) => (
          <FormControl>
            <FormControlLabel
              control={
                <Switch
                  checked={field.value}
                  onChange={(event) => field.onChange(event.target.checked)}
                  disabled={busy}
                  slotProps={{ input: { 'aria-describedby': 'invite-assessment-help' } }}
                />
              }
              label="Include my risk assessment"
            />
            <FormHelperText id="invite-assessment-help" sx={{ mx: 0 }}>
              Your yes-or-no answers on smoking, alcohol, recreational drugs, self-medication,
              herbal concoctions, illness and cancer.
            </FormHelperText>
          </FormControl>
        )}
      />
      <DayChoiceField
        legend="From"
        noDayLabel="All my history"
        dayChoiceLabel="From a date"
        dayLabel="First day"
        dayHelp="Readings taken on this day and after."
        hasDay={values.fromChoice === 'day'}
        day={values.from ?? null}
        onHasDay={(hasDay) => setValue('fromChoice', hasDay ? 'day' : 'all', again)}
        onDay={(day) => setValue('from', day, again)}
        error={fieldMessage('First day', errors.from)}
        disableFuture
        disabled={busy}
      />
      <DayChoiceField
        legend="Until"
        noDayLabel="No end date"
        dayChoiceLabel="Until a date"
        dayLabel="Last day"
        dayHelp="Sharing ends when this day is over."
        hasDay={values.untilChoice === 'day'}
        day={values.until ?? null}
        onHasDay={(hasDay) => setValue('untilChoice', hasDay ? 'day' : 'none', again)}
        onDay={(day) => setValue('until', day, again)}
        error={fieldMessage('Last day', errors.until)}
        disablePast
        disabled={busy}
      />
    </DialogForm>
  );
}
