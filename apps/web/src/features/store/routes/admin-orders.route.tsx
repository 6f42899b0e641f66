import { useState } from 'react';
import { useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import InboxOutlinedIcon from '@mui/icons-material/InboxOutlined';
import {
  orderStatuses,
  orderTransitions,
  type Order,
  type OrderStatus,
} from '@vitalia/api/store.contract';
import { apiErrorMessage } from '../../../lib/api-client';
import { useAdminOrders } from '../api/admin-orders.query';
import { useMoveOrder } from '../api/move-order.mutation';
import { LoadError } from '../../../components/ui/load-error';
import { RecordPaymentButton } from '../components/record-payment-button';
import { OrderStatusChip } from '../components/store-chips';
import {
  formatOrderTime,
  moveLabels,
  orderItemsSummary,
  orderReference,
  orderStatusLabels,
  unitsText,
  orderUnitCount,
} from '../utils/order-text';

function isStatus(value: string | null): value is OrderStatus {
  return (orderStatuses as readonly string[]).includes(value ?? '');
}

/** Where this order may go next, as the contract allows. */
export function nextStatuses(order: Pick<Order, 'fulfilment' | 'status'>): OrderStatus[] {
  return orderTransitions[order.fulfilment][order.status] ?? [];
}

interface AdminOrderCardProps {
  order: Order;
  busy: boolean;
  error: string | null;
  onMove: (order: Order, status: OrderStatus) => void;
}

function AdminOrderCard({ order, busy, error, onMove }: AdminOrderCardProps) {
  const headingId = `admin-order-${order.orderID}`;
  const moves = nextStatuses(order);
  return (
    <Card variant="outlined" component="li" aria-labelledby={headingId} sx={{ listStyle: 'none' }}>
      <CardContent sx={{ display: 'grid', gap: 1.5 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}>
          <Typography id={headingId} variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
            Order {orderReference(order.orderID)}
          </Typography>
          <OrderStatusChip status={order.status} />
          <Typography variant="body2" color="text.secondary" sx={{ flexGrow: 1 }}>
            {order.fulfilment === 'delivery' ? 'Delivery' : 'Pickup'} ·{' '}
            <time dateTime={order.createdAt}>{formatOrderTime(order.createdAt)}</time>
          </Typography>
          <Typography sx={{ fontWeight: 700 }}>{order.formattedTotal}</Typography>
        </Box>
        <Box
          sx={{
            display: 'grid',
            gap: 1.5,
            gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' },
          }}
        >
          <Box>
            <Typography variant="body2" color="text.secondary">
              {unitsText(orderUnitCount(order))}
            </Typography>
            <Typography variant="body2">{orderItemsSummary(order)}</Typography>
          </Box>
          <Box>
            <Typography variant="body2" color="text.secondary">
              {order.contact.firstName} {order.contact.surname} · {order.contact.phone}
            </Typography>
            <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
              {order.delivery
                ? `${order.delivery.address}, ${order.delivery.city}, ${order.delivery.state}`
                : `Collects in person · ${order.contact.email}`}
            </Typography>
          </Box>
        </Box>
        <RecordPaymentButton order={order} />
        {error && <Alert severity="error">{error}</Alert>}
        {moves.length > 0 && (
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
            {moves.map((status) => (
              <Button
                key={status}
                size="small"
                variant={status === 'cancelled' ? 'outlined' : 'contained'}
                color={status === 'cancelled' ? 'error' : 'primary'}
                disabled={busy}
                onClick={() => onMove(order, status)}
                aria-label={`${moveLabels[status]}: order ${orderReference(order.orderID)}`}
              >
                {moveLabels[status]}
              </Button>
            ))}
          </Box>
        )}
      </CardContent>
    </Card>
  );
}

/** Everyone's orders by status, each with the moves the contract allows it (ADMIN only). */
export function AdminOrdersRoute() {
  const [searchParams, setSearchParams] = useSearchParams();
  const wanted = searchParams.get('status');
  const status: OrderStatus | 'all' = isStatus(wanted) ? wanted : 'all';
  const orders = useAdminOrders(status);
  const move = useMoveOrder();
  const [failure, setFailure] = useState<{ orderID: string; message: string } | null>(null);
  const [cancelling, setCancelling] = useState<Order | null>(null);

  const moveTo = async (order: Order, to: OrderStatus) => {
    setFailure(null);
    try {
      await move.mutateAsync({ orderID: order.orderID, status: to });
      setCancelling(null);
    } catch (error) {
      setCancelling(null);
      setFailure({ orderID: order.orderID, message: apiErrorMessage(error) });
    }
  };

  let body;
  if (orders.isPending) {
    body = (
      <Box sx={{ display: 'grid', gap: 2 }}>
        {[0, 1, 2].map((index) => (
          <Skeleton key={index} variant="rounded" height={140} />
        ))}
      </Box>
    );
  } else if (orders.isError) {
    body = (
      <LoadError what="The orders" error={orders.error} onRetry={() => void orders.refetch()} />
    );
  } else if (orders.data.length === 0) {
    body = (
      <Card variant="outlined" sx={{ textAlign: 'center', py: 5 }}>
        <InboxOutlinedIcon sx={{ fontSize: 44, color: 'text.secondary' }} aria-hidden />
        <Typography sx={{ mt: 1 }}>
          {status === 'all'
            ? 'No orders yet.'
            : `No orders are ${orderStatusLabels[status].toLowerCase()}.`}
        </Typography>
      </Card>
    );
  } else {
    body = (
      <Box component="ul" aria-label="Orders" sx={{ m: 0, p: 0, display: 'grid', gap: 1.5 }}>
        {orders.data.map((order) => (
          <AdminOrderCard
            key={order.orderID}
            order={order}
            busy={move.isPending && move.variables?.orderID === order.orderID}
            error={failure?.orderID === order.orderID ? failure.message : null}
            onMove={(chosen, to) =>
              to === 'cancelled' ? setCancelling(chosen) : void moveTo(chosen, to)
            }
          />
        ))}
      </Box>
    );
  }

  return (
    <Box sx={{ display: 'grid', gap: 2.5 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <TextField
          select
          size="small"
          label="Status"
          value={status}
          onChange={(event) =>
            setSearchParams(event.target.value === 'all' ? {} : { status: event.target.value }, {
              replace: true,
            })
          }
          sx={{ minWidth: 220, bgcolor: 'background.paper' }}
        >
          <MenuItem value="all">All orders</MenuItem>
          {orderStatuses.map((each) => (
            <MenuItem key={each} value={each}>
              {orderStatusLabels[each]}
            </MenuItem>
          ))}
        </TextField>
        <Typography variant="body2" color="text.secondary">
          Newest first. Cancelling puts the items back into stock.
        </Typography>
      </Box>
      {body}
      <Dialog
        open={cancelling !== null}
        onClose={move.isPending ? undefined : () => setCancelling(null)}
        fullWidth
        maxWidth="xs"
      >
        <DialogTitle>
          {cancelling ? `Cancel order ${orderReference(cancelling.orderID)}?` : 'Cancel the order?'}
        </DialogTitle>
        <DialogContent>
          <DialogContentText>
            {cancelling &&
              `Its items (${orderItemsSummary(cancelling)}) go back into stock, and the buyer sees the order as cancelled. This cannot be undone.`}
          </DialogContentText>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={() => setCancelling(null)} disabled={move.isPending}>
            Keep the order
          </Button>
          <Button
            variant="contained"
            color="error"
            loading={move.isPending}
            onClick={() => {
              if (cancelling) void moveTo(cancelling, 'cancelled');
            }}
          >
            Cancel the order
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}
