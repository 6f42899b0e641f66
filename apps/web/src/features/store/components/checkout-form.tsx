import { useEffect, useRef, type FormEvent } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  contactDetails,
  deliveryAddress,
  landmarkMaxLength,
  nigerianStates,
  type PlaceOrderRequest,
} from '@vitalia/api/store.contract';
import { z } from '@vitalia/api/zod';
import { saveCartDetails, type CartDetailField, type CartFulfilment } from '../utils/cart-store';
import { fieldMessage, textFieldRegistration } from '../../../lib/form-field';

export type CheckoutFormValues = Record<CartDetailField, string>;

export interface CheckoutDetails {
  contact: PlaceOrderRequest['contact'];
  delivery?: PlaceOrderRequest['delivery'];
}

/** Puts a server message beside its field; false when the form has no such field. */
export type PlaceFieldError = (field: string, message: string) => boolean;

interface CheckoutContext {
  fulfilment: CartFulfilment;
}

// The contract's rules, without its strictness: the form holds the address fields for pickup too
// (they stay for the next delivery), and they are simply not checked then.
const deliveryForm = z.object({ ...contactDetails.shape, ...deliveryAddress.shape });
const pickupForm = z.object(contactDetails.shape);
const resolvers = {
  delivery: zodResolver(deliveryForm) as unknown as Resolver<CheckoutFormValues, CheckoutContext>,
  pickup: zodResolver(pickupForm) as unknown as Resolver<CheckoutFormValues, CheckoutContext>,
};

const labels: Record<CartDetailField, string> = {
  firstName: 'First name',
  surname: 'Last name',
  phone: 'Phone',
  secondPhone: 'Second phone (optional)',
  email: 'Email',
  address: 'Address',
  city: 'City',
  state: 'State',
  landmark: 'Landmark (optional)',
};

/** What a field's words under it say while it is fine. */
const hints: Partial<Record<CartDetailField, string>> = {
  secondPhone: 'Another number we can call you on',
  landmark: 'Something near the door, e.g. opposite the First Bank',
};

const autoComplete: Record<CartDetailField, string> = {
  firstName: 'given-name',
  surname: 'family-name',
  phone: 'tel',
  secondPhone: 'off',
  email: 'email',
  address: 'street-address',
  city: 'address-level2',
  state: 'address-level1',
  landmark: 'off',
};

interface CheckoutFormProps {
  id: string;
  fulfilment: CartFulfilment;
  initial: CheckoutFormValues;
  disabled: boolean;
  /** Called once per submit with checked details; resolves when the attempt is over. */
  onPlace: (details: CheckoutDetails, placeFieldError: PlaceFieldError) => Promise<void>;
}

/**
 * Who receives the order and, for delivery, where it goes. Every keystroke is kept in local
 * storage (docs/decisions/0013-store-web.md), so a reload or the next order starts from what was typed.
 */
export function CheckoutForm({ id, fulfilment, initial, disabled, onPlace }: CheckoutFormProps) {
  const {
    register,
    handleSubmit,
    watch,
    setError,
    formState: { errors },
  } = useForm<CheckoutFormValues, CheckoutContext>({
    defaultValues: initial,
    context: { fulfilment },
    resolver: (values, context, options) =>
      resolvers[context?.fulfilment ?? 'delivery'](values, context, options),
  });

  useEffect(() => {
    const subscription = watch((values) => saveCartDetails(values));
    return () => subscription.unsubscribe();
  }, [watch]);

  // A second click lands before React has re-rendered the button as disabled; this catches it.
  const submitting = useRef(false);

  const placeFieldError: PlaceFieldError = (field, message) => {
    const name = field.replace(/^(contact|delivery)\./, '') as CartDetailField;
    if (!(name in labels) || (fulfilment === 'pickup' && field.startsWith('delivery')))
      return false;
    setError(name, { message }, { shouldFocus: true });
    return true;
  };

  const place = (values: CheckoutFormValues) => {
    // The optional fields go only when filled in, so an order without them is sent as before.
    const contact = {
      firstName: values.firstName,
      surname: values.surname,
      phone: values.phone,
      ...(values.secondPhone ? { secondPhone: values.secondPhone } : {}),
      email: values.email,
    };
    const delivery = {
      address: values.address,
      city: values.city,
      state: values.state,
      ...(values.landmark ? { landmark: values.landmark } : {}),
    };
    return onPlace(
      fulfilment === 'delivery' ? { contact, delivery } : { contact },
      placeFieldError,
    );
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting.current || disabled) return;
    submitting.current = true;
    void handleSubmit(place)(event).finally(() => {
      submitting.current = false;
    });
  };

  // Ten columns on a wide form: names and city/state in halves, email wider than the phone.
  const field = (
    name: CartDetailField,
    extra: { type?: string; span?: number; maxLength?: number } = {},
  ) => (
    <TextField
      {...textFieldRegistration(register(name))}
      label={labels[name]}
      type={extra.type ?? 'text'}
      autoComplete={autoComplete[name]}
      size="small"
      fullWidth
      error={Boolean(errors[name])}
      helperText={
        fieldMessage(labels[name].replace(' (optional)', ''), errors[name]) ?? hints[name]
      }
      slotProps={extra.maxLength ? { htmlInput: { maxLength: extra.maxLength } } : undefined}
      sx={{ gridColumn: { xs: '1 / -1', sm: `span ${extra.span ?? 10}` } }}
    />
  );

  // A list, not free text: the server takes only these (docs/decisions/0013-store-web.md,
  // amendment of 2026-11-29). Native, so a phone opens its own picker and a letter jumps to it.
  const stateField = (
    <TextField
      {...textFieldRegistration(register('state'))}
      select
      label={labels.state}
      autoComplete={autoComplete.state}
      size="small"
      fullWidth
      error={Boolean(errors.state)}
      helperText={fieldMessage(labels.state, errors.state)}
      slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
      sx={{ gridColumn: { xs: '1 / -1', sm: 'span 5' } }}
    >
      <option value="" disabled>
        Choose your state
      </option>
      {nigerianStates.map((state) => (
        <option key={state} value={state}>
          {state}
        </option>
      ))}
    </TextField>
  );

  const fieldGrid = {
    display: 'grid',
    gap: 2,
    gridTemplateColumns: { xs: '1fr', sm: 'repeat(10, minmax(0, 1fr))' },
  } as const;

  return (
    <Box
      component="form"
      id={id}
      noValidate
      onSubmit={submit}
      aria-label="Your details"
      sx={{ display: 'grid', gap: 3 }}
    >
      <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
        <Typography component="legend" variant="subtitle1" sx={{ fontWeight: 600, mb: 1.5 }}>
          Contact
        </Typography>
        <Box sx={fieldGrid}>
          {field('firstName', { span: 5 })}
          {field('surname', { span: 5 })}
          {field('phone', { type: 'tel', span: 4 })}
          {field('email', { type: 'email', span: 6 })}
          {field('secondPhone', { type: 'tel', span: 4 })}
        </Box>
      </Box>
      {fulfilment === 'delivery' && (
        <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
          <Typography component="legend" variant="subtitle1" sx={{ fontWeight: 600, mb: 1.5 }}>
            Delivery address
          </Typography>
          <Box sx={fieldGrid}>
            {field('address')}
            {field('landmark', { maxLength: landmarkMaxLength })}
            {field('city', { span: 5 })}
            {stateField}
          </Box>
        </Box>
      )}
    </Box>
  );
}
