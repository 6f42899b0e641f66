import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import LocalShippingOutlinedIcon from '@mui/icons-material/LocalShippingOutlined';
import StorefrontOutlinedIcon from '@mui/icons-material/StorefrontOutlined';
import type { Profile } from '@vitalia/api/identity.contract';
import { nigerianStateOf } from '@vitalia/api/store.contract';
import { useProfile } from '../../../api/profile.query';
import { pickupText, usePickupPlace } from '../api/pickup.query';
import { cartDetails, chooseFulfilment, type CartFulfilment } from '../utils/cart-store';
import {
  CheckoutForm,
  type CheckoutDetails,
  type CheckoutFormValues,
  type PlaceFieldError,
} from './checkout-form';

/** What the cart's details start from: what was typed here before, else the profile. */
function initialDetails(profile: Profile | undefined): CheckoutFormValues {
  const stored = cartDetails();
  return {
    firstName: stored.firstName ?? profile?.firstName ?? '',
    surname: stored.surname ?? profile?.lastName ?? '',
    phone: stored.phone ?? profile?.phoneNo ?? '',
    secondPhone: stored.secondPhone ?? '',
    email: stored.email ?? profile?.emailAddress ?? profile?.username ?? '',
    address: stored.address ?? '',
    city: stored.city ?? '',
    // Typed freely before the list: 'lagos state' becomes Lagos; what names no state is asked again.
    state: nigerianStateOf(stored.state ?? '') ?? '',
    landmark: stored.landmark ?? '',
  };
}

const fulfilmentOptions = [
  { value: 'delivery', label: 'Delivery', Icon: LocalShippingOutlinedIcon },
  { value: 'pickup', label: 'Pickup', Icon: StorefrontOutlinedIcon },
] as const;

/**
 * Delivery or pickup: one choice of two, so a radio group named by the card's heading. Tab reaches
 * the chosen one and the arrow keys change it, as for any radio group; a screen reader says so
 * ("radio button, 1 of 2"). A row of toggle buttons looked like two stops for Tab and was one
 * (docs/decisions/0052-dense-phone-layouts.md).
 */
function FulfilmentChoice({ fulfilment }: { fulfilment: CartFulfilment }) {
  return (
    <RadioGroup
      aria-labelledby="details-heading"
      name="fulfilment"
      value={fulfilment}
      onChange={(_event, value) => chooseFulfilment(value as CartFulfilment)}
      sx={{ display: 'grid', gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', gap: 1, mb: 1.5 }}
    >
      {fulfilmentOptions.map(({ value, label, Icon }) => {
        const chosen = value === fulfilment;
        return (
          <FormControlLabel
            key={value}
            value={value}
            control={<Radio size="small" />}
            label={
              <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1 }}>
                <Icon fontSize="small" aria-hidden />
                {label}
              </Box>
            }
            sx={{
              m: 0,
              pr: 1.5,
              minHeight: 48,
              border: 1,
              borderRadius: 1,
              borderColor: chosen ? 'primary.main' : 'divider',
              bgcolor: chosen ? 'action.selected' : 'transparent',
              color: chosen ? 'primary.main' : 'text.primary',
              '& .MuiFormControlLabel-label': { fontWeight: 600 },
            }}
          />
        );
      })}
    </RadioGroup>
  );
}

/** The checkout's first part, where the cart's 'Go to checkout' leads. */
export const checkoutDetailsId = 'checkout-details';

interface DeliveryDetailsProps {
  /** The id of the checkout form, which the order summary's button submits. */
  formId: string;
  fulfilment: CartFulfilment;
  placing: boolean;
  onPlace: (details: CheckoutDetails, placeFieldError: PlaceFieldError) => Promise<void>;
}

/** Delivery or pickup, and the details the order needs, filled in from before or the profile. */
export function DeliveryDetails({ formId, fulfilment, placing, onPlace }: DeliveryDetailsProps) {
  const profile = useProfile();
  const pickup = usePickupPlace();
  return (
    <Card
      variant="outlined"
      component="section"
      aria-labelledby="details-heading"
      id={checkoutDetailsId}
      // Focused by the cart's 'Go to checkout', so that the next Tab is the choice below.
      tabIndex={-1}
      sx={{ scrollMarginTop: 72 }}
    >
      <CardContent>
        <Typography id="details-heading" variant="h6" component="h2" sx={{ mb: 1.5 }}>
          How would you like to get it?
        </Typography>
        <FulfilmentChoice fulfilment={fulfilment} />
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2.5 }}>
          {fulfilment === 'delivery'
            ? 'We bring it to your door and call when it arrives. Products sent the same way travel together and pay one delivery.'
            : `No shipping cost. Collect it at ${pickupText(pickup.data)}; we email you when it is ready.`}
        </Typography>
        {profile.isPending ? (
          <Box sx={{ display: 'grid', gap: 2 }}>
            <Skeleton variant="rounded" height={40} />
            <Skeleton variant="rounded" height={40} />
          </Box>
        ) : (
          <CheckoutForm
            id={formId}
            fulfilment={fulfilment}
            initial={initialDetails(profile.data)}
            disabled={placing}
            onPlace={onPlace}
          />
        )}
      </CardContent>
    </Card>
  );
}
