import { useCallback, useState } from 'react';
import { useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import CardContent from '@mui/material/CardContent';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import InboxOutlinedIcon from '@mui/icons-material/InboxOutlined';
import PendingActionsOutlinedIcon from '@mui/icons-material/PendingActionsOutlined';
import SearchIcon from '@mui/icons-material/Search';
import {
  orderStatuses,
  orderTransitions,
  paymentStatuses,
  type Order,
  type OrderStatus,
  type PaymentStatus,
} from '@vitalia/api/store.contract';
import { useSetSearchParam } from '../../../lib/search-param.hook';
import { useSearchText } from '../../../lib/search-text.hook';
import { apiErrorMessage } from '../../../lib/api-client';
import { useAdminOrders, type AdminOrderFilter } from '../api/admin-orders.query';
import { useMoveOrder } from '../api/move-order.mutation';
import { LoadError } from '../../../components/ui/load-error';
import { ConfirmOrderButton } from '../components/confirm-order-button';
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
            <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
              {order.contact.firstName} {order.contact.surname} · {order.contact.phone}
              {order.contact.secondPhone && ` or ${order.contact.secondPhone}`} ·{' '}
              {order.contact.email}
            </Typography>
            <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
              {order.delivery
                ? `${order.delivery.address}, ${order.delivery.city}, ${order.delivery.state}`
                : 'Collects in person'}
            </Typography>
            {order.delivery?.landmark && (
              <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                Landmark: {order.delivery.landmark}
              </Typography>
            )}
          </Box>
        </Box>
        <RecordPaymentButton order={order} />
        <ConfirmOrderButton order={order} />
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

const paymentLabels: Record<PaymentStatus, string> = {
  unpaid: 'Not paid yet',
  paid: 'Paid',
  refunded: 'Refunded',
};

/** The longest search the server takes: an email address's longest. */
const searchLimit = 254;

function isPayment(value: string | null): value is PaymentStatus {
  return (paymentStatuses as readonly string[]).includes(value ?? '');
}

/** One of the list's selects: every choice, or one value of a list. */
function FilterSelect<T extends string>(props: {
  label: string;
  allLabel: string;
  value: T | undefined;
  options: readonly T[];
  labels: Record<T, string>;
  onChange: (value: T | undefined) => void;
  width: number;
}) {
  const { label, allLabel, value, options, labels, onChange, width } = props;
  return (
    <TextField
      select
      size="small"
      label={label}
      value={value ?? 'all'}
      onChange={(event) =>
        onChange(event.target.value === 'all' ? undefined : (event.target.value as T))
      }
      sx={{ flex: { xs: '1 1 140px', sm: `0 1 ${width}px` }, bgcolor: 'background.paper' }}
    >
      <MenuItem value="all">{allLabel}</MenuItem>
      {options.map((each) => (
        <MenuItem key={each} value={each}>
          {labels[each]}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** The list's filter as the address holds it, and a way to change one part of it. */
function useOrderFilter() {
  const [searchParams, setSearchParams] = useSearchParams();
  const status = searchParams.get('status');
  const payment = searchParams.get('payment');
  const filter: AdminOrderFilter = {
    status: isStatus(status) ? status : undefined,
    payment: isPayment(payment) ? payment : undefined,
    // As long as the server takes; an address typed by hand may hold more.
    q: searchParams.get('q')?.trim().slice(0, searchLimit) || undefined,
    needsAction: searchParams.get('needsAction') === 'true',
  };
  const setSearchParam = useSetSearchParam();
  const setParam = useCallback(
    (name: 'status' | 'payment' | 'q' | 'needsAction', value: string | undefined) =>
      setSearchParam(name, value),
    [setSearchParam],
  );
  const clear = () => setSearchParams({}, { replace: true });
  return { filter, setParam, clear };
}

/**
 * Everyone's orders, each with the moves the contract allows it (ADMIN only): narrowed by
 * status, payment, order number or email, with how many wait for the store.
 */
export function AdminOrdersRoute() {
  const { filter, setParam, clear } = useOrderFilter();
  const setQ = useCallback((wanted: string) => setParam('q', wanted || undefined), [setParam]);
  const [text, setText, expectQ] = useSearchText(filter.q ?? '', setQ);
  const orders = useAdminOrders(filter);
  const move = useMoveOrder();
  const [failure, setFailure] = useState<{ orderID: string; message: string } | null>(null);
  const [cancelling, setCancelling] = useState<Order | null>(null);
  const filtered =
    filter.status !== undefined ||
    filter.payment !== undefined ||
    filter.q !== undefined ||
    filter.needsAction === true;

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
  } else if (orders.data.items.length === 0) {
    body = (
      <Card variant="outlined" sx={{ textAlign: 'center', py: 5 }}>
        <InboxOutlinedIcon sx={{ fontSize: 44, color: 'text.secondary' }} aria-hidden />
        <Typography sx={{ mt: 1 }}>
          {!filtered
            ? 'No orders yet.'
            : filter.needsAction && !filter.status && !filter.payment && !filter.q
              ? 'Nothing needs action: every order is on its way, done or cancelled.'
              : 'No orders match these filters.'}
        </Typography>
        {filtered && (
          <Button
            sx={{ mt: 1.5 }}
            variant="outlined"
            onClick={() => {
              expectQ('');
              setText('');
              clear();
            }}
          >
            Show all orders
          </Button>
        )}
      </Card>
    );
  } else {
    body = (
      <Box component="ul" aria-label="Orders" sx={{ m: 0, p: 0, display: 'grid', gap: 1.5 }}>
        {orders.data.items.map((order) => (
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
      <Box
        role="search"
        aria-label="Find orders"
        sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}
      >
        <TextField
          size="small"
          label="Order number or email"
          value={text}
          onChange={(event) => setText(event.target.value)}
          slotProps={{
            htmlInput: { maxLength: searchLimit },
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon fontSize="small" aria-hidden />
                </InputAdornment>
              ),
            },
          }}
          sx={{ flex: { xs: '1 1 100%', sm: '1 1 260px' }, bgcolor: 'background.paper' }}
        />
        <FilterSelect
          label="Status"
          allLabel="All statuses"
          value={filter.status}
          options={orderStatuses}
          labels={orderStatusLabels}
          onChange={(chosen) => setParam('status', chosen)}
          width={200}
        />
        <FilterSelect
          label="Payment"
          allLabel="Any payment"
          value={filter.payment}
          options={paymentStatuses}
          labels={paymentLabels}
          onChange={(chosen) => setParam('payment', chosen)}
          width={180}
        />
        <Chip
          icon={<PendingActionsOutlinedIcon />}
          label={
            orders.data
              ? `${orders.data.needsAction} ${orders.data.needsAction === 1 ? 'needs' : 'need'} action`
              : 'Needs action'
          }
          color={filter.needsAction ? 'primary' : 'default'}
          variant={filter.needsAction ? 'filled' : 'outlined'}
          aria-pressed={filter.needsAction}
          onClick={() => setParam('needsAction', filter.needsAction ? undefined : 'true')}
          sx={{ bgcolor: filter.needsAction ? undefined : 'background.paper' }}
        />
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ mt: -1 }}>
        Newest first. Needs action: placed orders to prepare, and orders handed over but not yet
        paid. Cancelling puts the items back into stock. An unpaid order that is not confirmed is
        released at the time it shows: cancelled, its items back on sale.
      </Typography>
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
