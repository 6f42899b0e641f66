import { Link as RouterLink, useLocation, useParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import ScheduleIcon from '@mui/icons-material/Schedule';
import type { Order } from '@vitalia/api/store.contract';
import { useOrder } from '../api/orders.query';
import { pickupText, usePickupPlace } from '../api/pickup.query';
import { LoadError } from '../../../components/ui/load-error';
import { CancelOrderButton } from '../components/cancel-order-button';
import { OrderLines } from '../components/order-lines';
import { OrderProgress } from '../components/order-progress';
import { OrderStatusChip } from '../components/store-chips';
import {
  expectedByText,
  formatOrderTime,
  holdText,
  nextStepText,
  orderReference,
  paymentText,
} from '../utils/order-text';
import { paths } from '../../../lib/paths';

/** Set in the history state by the checkout, so the order's page opens as its confirmation. */
function justPlaced(state: unknown): boolean {
  return typeof state === 'object' && state !== null && 'placed' in state && state.placed === true;
}

function Confirmation({ order }: { order: Order }) {
  return (
    <Card
      component="section"
      aria-labelledby="confirmation-heading"
      elevation={0}
      sx={{
        borderRadius: 3,
        color: 'primary.contrastText',
        background: 'linear-gradient(120deg, #1b5e20 0%, #2e7d32 55%, #16467f 100%)',
      }}
    >
      <CardContent
        sx={{
          p: { xs: 3, sm: 4 },
          display: 'flex',
          gap: 2.5,
          alignItems: 'flex-start',
          flexWrap: 'wrap',
        }}
      >
        <CheckCircleIcon sx={{ fontSize: 56 }} aria-hidden />
        <Box sx={{ flex: '1 1 280px', minWidth: 0 }}>
          <Typography
            id="confirmation-heading"
            variant="h5"
            component="h2"
            sx={{ fontWeight: 700 }}
          >
            Thank you, your order is placed
          </Typography>
          <Typography sx={{ mt: 1, fontSize: '1.1rem' }}>
            Order number <strong>{orderReference(order.orderID)}</strong> · Total{' '}
            <strong>{order.formattedTotal}</strong>
          </Typography>
          <Typography variant="subtitle1" component="h3" sx={{ mt: 2, fontWeight: 700 }}>
            What happens next
          </Typography>
          <Typography sx={{ opacity: 0.95 }}>{nextStepText(order)}</Typography>
          <Typography sx={{ opacity: 0.95, mt: 0.5 }}>
            {order.fulfilment === 'delivery'
              ? 'Payment is on delivery: have cash or a card ready for the courier.'
              : 'Payment is at pickup: bring your order number.'}
          </Typography>
          <Box sx={{ mt: 2.5, display: 'flex', gap: 1.5, flexWrap: 'wrap' }}>
            <Button
              component={RouterLink}
              to={paths.orders}
              variant="contained"
              sx={{ bgcolor: '#ffffff', color: 'primary.main', '&:hover': { bgcolor: '#e8eef8' } }}
            >
              See your orders
            </Button>
            <Button component={RouterLink} to={paths.store} variant="outlined" color="inherit">
              Continue shopping
            </Button>
          </Box>
        </Box>
      </CardContent>
    </Card>
  );
}

function Facts({ entries }: { entries: Array<[string, string]> }) {
  return (
    <Box
      component="dl"
      sx={{
        m: 0,
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', sm: 'minmax(7rem, max-content) 1fr' },
        columnGap: 3,
        rowGap: { xs: 0.25, sm: 1 },
      }}
    >
      {entries.map(([label, value]) => (
        <Box key={label} sx={{ display: 'contents' }}>
          <Typography component="dt" variant="body2" color="text.secondary">
            {label}
          </Typography>
          <Typography component="dd" sx={{ m: 0, mb: { xs: 1, sm: 0 }, overflowWrap: 'anywhere' }}>
            {value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

export function OrderDetails({ order, nextStep = true }: { order: Order; nextStep?: boolean }) {
  const contact = order.contact;
  const pickup = usePickupPlace();
  const held = holdText(order, 'buyer');
  const expected = expectedByText(order);
  const delivery = order.delivery;
  const entries: Array<[string, string]> = [
    ['Name', `${contact.firstName} ${contact.surname}`],
    ['Phone', contact.phone],
    ...(contact.secondPhone ? [['Second phone', contact.secondPhone] as [string, string]] : []),
    ['Email', contact.email],
  ];
  if (delivery) {
    entries.push(['Address', `${delivery.address}, ${delivery.city}, ${delivery.state}`]);
    if (delivery.landmark) entries.push(['Landmark', delivery.landmark]);
  } else {
    entries.push([
      'Collect',
      `At ${pickupText(pickup.data)}${order.status === 'placed' ? ', when we tell you it is ready' : ''}`,
    ]);
  }
  entries.push(['Payment', paymentText(order)]);
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 3,
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 3fr) minmax(0, 2fr)' },
        alignItems: 'start',
      }}
    >
      <Card variant="outlined" component="section" aria-labelledby="order-heading">
        <CardContent sx={{ display: 'grid', gap: 2.5 }}>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}>
            <Typography id="order-heading" variant="h6" component="h2" sx={{ flexGrow: 1 }}>
              Order {orderReference(order.orderID)}
            </Typography>
            <OrderStatusChip status={order.status} size="medium" />
          </Box>
          <Typography variant="body2" color="text.secondary" sx={{ mt: -1.5 }}>
            Placed <time dateTime={order.createdAt}>{formatOrderTime(order.createdAt)}</time>
            {expected && (
              <>
                {' · '}
                <Box component="strong" sx={{ color: 'text.primary', fontWeight: 600 }}>
                  {expected}
                </Box>
              </>
            )}
          </Typography>
          <OrderProgress order={order} />
          {held && (
            <Alert severity="warning" icon={<ScheduleIcon fontSize="inherit" />}>
              {held}
            </Alert>
          )}
          {nextStep && (
            <Alert severity={order.status === 'cancelled' ? 'warning' : 'info'} icon={false}>
              {nextStepText(order)}
            </Alert>
          )}
          <OrderLines order={order} />
          <CancelOrderButton order={order} />
        </CardContent>
      </Card>
      <Card variant="outlined" component="section" aria-labelledby="order-delivery-heading">
        <CardContent sx={{ display: 'grid', gap: 2 }}>
          <Typography id="order-delivery-heading" variant="h6" component="h2">
            {order.fulfilment === 'delivery' ? 'Delivery' : 'Pickup'}
          </Typography>
          <Facts entries={entries} />
        </CardContent>
      </Card>
    </Box>
  );
}

/** One of the person's orders; straight after checkout it opens as the confirmation. */
export function OrderRoute() {
  const { id = '' } = useParams();
  const location = useLocation();
  const order = useOrder(id);
  const placed = justPlaced(location.state);

  let body;
  if (order.isPending) {
    body = <Skeleton variant="rounded" height={360} />;
  } else if (order.isError) {
    body = <LoadError what="This order" error={order.error} onRetry={() => void order.refetch()} />;
  } else {
    body = (
      <>
        {placed && <Confirmation order={order.data} />}
        {/* The confirmation already says what happens next. */}
        <OrderDetails order={order.data} nextStep={!placed} />
      </>
    );
  }

  return (
    <Box sx={{ maxWidth: 1200, mx: 'auto', display: 'grid', gap: 3 }}>
      <Box>
        <Button
          component={RouterLink}
          to={paths.orders}
          startIcon={<ArrowBackIcon />}
          sx={{ ml: -1 }}
        >
          All your orders
        </Button>
      </Box>
      {body}
    </Box>
  );
}
