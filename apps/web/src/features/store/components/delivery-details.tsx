import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
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

function FulfilmentChoice({ fulfilment }: { fulfilment: CartFulfilment }) {
  return (
    <ToggleButtonGroup
      exclusive
      fullWidth
      color="primary"
      value={fulfilment}
      onChange={(_event, value: CartFulfilment | null) => {
        if (value) chooseFulfilment(value);
      }}
      aria-labelledby="details-heading"
      sx={{ mb: 1.5 }}
    >
      <ToggleButton value="delivery" sx={{ gap: 1, textTransform: 'none', fontWeight: 600 }}>
        <LocalShippingOutlinedIcon fontSize="small" aria-hidden />
        Delivery
      </ToggleButton>
      <ToggleButton value="pickup" sx={{ gap: 1, textTransform: 'none', fontWeight: 600 }}>
        <StorefrontOutlinedIcon fontSize="small" aria-hidden />
        Pickup
      </ToggleButton>
    </ToggleButtonGroup>
  );
}

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
    <Card variant="outlined" component="section" aria-labelledby="details-heading">
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
