import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import type { CreatedLink, LinkRequest } from '@vitalia/api/sharing.contract';
import { fieldMessage, textFieldRegistration } from '../../../lib/form-field';
import { useMakeLink } from '../api/make-link.mutation';
import { placeOnFields } from '../utils/form-problems';
import { emptyLink, LINK_LIFETIMES, linkForm, type LinkFormInput } from '../utils/link-form';
import { CreatedLinkView } from './created-link-view';
import { MeasureChoiceField } from './measure-choice-field';
import { DialogForm, SharingDialog } from './sharing-dialog';

const requestFields = ['label', 'measures', 'lifetimeHours', 'withCode'] as const;

interface LinkDialogProps {
  open: boolean;
  onClose: () => void;
}

/**
 * Make a link for a visit; once made, the dialog shows its address and code, this once. Closing it
 * forgets them: the server keeps neither in a form it can show again.
 */
export function LinkDialog({ open, onClose }: LinkDialogProps) {
  const [created, setCreated] = useState<CreatedLink | null>(null);
  return (
    <SharingDialog
      open={open}
      onClose={onClose}
      labelledBy="link-title"
      keepOnBackdropClick={created !== null}
      onExited={() => setCreated(null)}
    >
      {created ? (
        <>
          <DialogTitle id="link-title">Your link is ready</DialogTitle>
          <DialogContent>
            <CreatedLinkView created={created} />
          </DialogContent>
          <DialogActions sx={{ px: 3, pb: 2 }}>
            <Button variant="contained" onClick={onClose}>
              Done
            </Button>
          </DialogActions>
        </>
      ) : (
        <LinkForm onClose={onClose} onCreated={setCreated} />
      )}
    </SharingDialog>
  );
}

function LinkForm({
  onClose,
  onCreated,
}: {
  onClose: () => void;
  onCreated: (created: CreatedLink) => void;
}) {
  const make = useMakeLink();
  const [failure, setFailure] = useState<string | null>(null);
  const { control, register, handleSubmit, setError, setValue, watch, formState } = useForm<
    LinkFormInput,
    unknown,
    LinkRequest
  >({ resolver: zodResolver(linkForm), defaultValues: emptyLink });
  const { errors, isSubmitted } = formState;
  const values = watch();
  // Once a send was refused, each change is checked again, so a fixed field loses its message.
  const again = { shouldValidate: isSubmitted };

  const onSubmit = async (request: LinkRequest) => {
    setFailure(null);
    try {
      onCreated(await make.mutateAsync(request));
    } catch (error) {
      setFailure(
        placeOnFields(error, requestFields, (field, message) =>
          setError(field, { message }, { shouldFocus: field === 'label' }),
        ),
      );
    }
  };

  const busy = make.isPending;
  return (
    <DialogForm
      titleId="link-title"
      title="Make a link for a visit"
      submitLabel="Make link"
      busy={busy}
      failure={failure}
      onSubmit={handleSubmit(onSubmit)}
      onCancel={onClose}
    >
      <TextField
        {...textFieldRegistration(register('label'))}
        label="What the link is for"
        autoComplete="off"
        fullWidth
        disabled={busy}
        error={Boolean(errors.label)}
        helperText={
          fieldMessage('What the link is for', errors.label) ??
          'Such as “Dr Bello, 3 December”: shown in your list and the access log, and at the top of the page the link opens.'
        }
      />
      <MeasureChoiceField
        legend="What to show"
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
        name="lifetimeHours"
        render={({ field }) => (
          <FormControl component="fieldset" disabled={busy} error={Boolean(errors.lifetimeHours)}>
            <FormLabel component="legend">Opens for</FormLabel>
            <RadioGroup
              row
              value={String(field.value)}
              onChange={(event) => field.onChange(Number(event.target.value))}
            >
              {LINK_LIFETIMES.map((lifetime) => (
                <FormControlLabel
                  key={lifetime.hours}
                  value={String(lifetime.hours)}
                  control={<Radio />}
                  label={lifetime.name}
                />
              ))}
            </RadioGroup>
            {errors.lifetimeHours && (
              <FormHelperText>{fieldMessage('The time', errors.lifetimeHours)}</FormHelperText>
            )}
          </FormControl>
        )}
      />
      <Controller
        control={control}
        name="withCode"
        render={({ field }) => (
          <FormControl>
            <FormControlLabel
              control={
                <Switch
                  checked={field.value}
                  onChange={(event) => field.onChange(event.target.checked)}
                  disabled={busy}
                  slotProps={{ input: { 'aria-describedby': 'link-code-help' } }}
                />
              }
              label="Protect with a 6-digit code"
            />
            <FormHelperText id="link-code-help" sx={{ mx: 0 }}>
              {field.value
                ? 'Whoever opens the link also needs the code, which you give them yourself. Anyone who sees the link alone sees nothing.'
                : 'Without a code, anyone who has the link can see these readings until it ends: keep the code on unless you hand the link over yourself.'}
            </FormHelperText>
          </FormControl>
        )}
      />
    </DialogForm>
  );
}
