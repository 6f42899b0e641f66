import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import LocalShippingOutlinedIcon from '@mui/icons-material/LocalShippingOutlined';
import ReceiptLongOutlinedIcon from '@mui/icons-material/ReceiptLongOutlined';
import StorefrontOutlinedIcon from '@mui/icons-material/StorefrontOutlined';
import type { Order } from '@vitalia/api/store.contract';
import { useOrders } from '../api/orders.query';
import { LoadError } from '../../../components/ui/load-error';
import { OrderStatusChip } from '../components/store-chips';
import {
  formatOrderDay,
  formatOrderTime,
  orderItemsSummary,
  orderReference,
  orderStatusLabels,
} from '../utils/order-text';
import { paths } from '../../../lib/paths';

function OrderCard({ order }: { order: Order }) {
  const latest = order.history.at(-1);
  const FulfilmentIcon =
    order.fulfilment === 'delivery' ? LocalShippingOutlinedIcon : StorefrontOutlinedIcon;
  const headingId = `order-${order.orderID}`;
  return (
    <Card variant="outlined" component="li" aria-labelledby={headingId} sx={{ listStyle: 'none' }}>
      <CardActionArea
        component={RouterLink}
        to={paths.order(order.orderID)}
        aria-labelledby={headingId}
      >
        <CardContent
          sx={{
            display: 'grid',
            gap: 1,
            gridTemplateColumns: { xs: '1fr auto', sm: '1fr auto auto' },
            alignItems: 'center',
          }}
        >
          <Box sx={{ minWidth: 0, gridColumn: { xs: '1 / -1', sm: 'auto' } }}>
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
              <Typography
                id={headingId}
                variant="subtitle1"
                component="h2"
                sx={{ fontWeight: 600 }}
              >
                Order {orderReference(order.orderID)}
              </Typography>
              <OrderStatusChip status={order.status} />
            </Box>
            <Typography variant="body2" color="text.secondary" sx={{ mt: 0.25 }}>
              {formatOrderDay(order.createdAt)} · {orderItemsSummary(order)}
            </Typography>
            {latest && latest.status !== 'placed' && (
              <Typography variant="body2" color="text.secondary">
                {orderStatusLabels[latest.status]}{' '}
                <time dateTime={latest.at}>{formatOrderTime(latest.at)}</time>
              </Typography>
            )}
          </Box>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.75, color: 'text.secondary' }}>
            <FulfilmentIcon fontSize="small" aria-hidden />
            <Typography variant="body2">
              {order.fulfilment === 'delivery' ? 'Delivery' : 'Pickup'}
            </Typography>
          </Box>
          <Typography sx={{ fontWeight: 700, textAlign: 'right', minWidth: 110 }}>
            {order.formattedTotal}
          </Typography>
        </CardContent>
      </CardActionArea>
    </Card>
  );
}

/** The person's orders, newest first, with where each one is. */
export function OrdersRoute() {
  const orders = useOrders();

  let body;
  if (orders.isPending) {
    body = (
      <Box sx={{ display: 'grid', gap: 2 }}>
        {[0, 1, 2].map((index) => (
          <Skeleton key={index} variant="rounded" height={92} />
        ))}
      </Box>
    );
  } else if (orders.isError) {
    body = (
      <LoadError what="Your orders" error={orders.error} onRetry={() => void orders.refetch()} />
    );
  } else if (orders.data.length === 0) {
    body = (
      <Card variant="outlined" sx={{ textAlign: 'center', py: 6, px: 3 }}>
        <ReceiptLongOutlinedIcon sx={{ fontSize: 48, color: 'text.secondary' }} aria-hidden />
        <Typography variant="h6" component="h2" sx={{ mt: 1 }}>
          No orders yet
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 0.5 }}>
          When you order from the store, you can follow it here.
        </Typography>
        <Button component={RouterLink} to={paths.store} variant="contained" sx={{ mt: 2.5 }}>
          Browse the store
        </Button>
      </Card>
    );
  } else {
    body = (
      <Box component="ul" sx={{ m: 0, p: 0, display: 'grid', gap: 1.5 }} aria-label="Your orders">
        {orders.data.map((order) => (
          <OrderCard key={order.orderID} order={order} />
        ))}
      </Box>
    );
  }

  return (
    <Box sx={{ maxWidth: 960, mx: 'auto', display: 'grid', gap: 2.5 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <Typography color="text.secondary" sx={{ flexGrow: 1 }}>
          Payment is on delivery or at pickup. Open an order to see each step it has taken.
        </Typography>
        <Button component={RouterLink} to={paths.store}>
          Back to the store
        </Button>
      </Box>
      {body}
    </Box>
  );
}
