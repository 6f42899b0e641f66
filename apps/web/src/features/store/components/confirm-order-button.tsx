import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { Order } from '@vitalia/api/store.contract';
import { apiErrorMessage } from '../../../lib/api-client';
import { useConfirmOrder } from '../api/confirm-order.mutation';
import { holdText, orderReference } from '../utils/order-text';

/**
 * Whether an unpaid order is held or confirmed, and 'Confirm' while it is held (ADMIN only):
 * an order neither paid nor confirmed by its release time gives its stock back
 * (docs/decisions/0023-order-mail.md).
 */
export function ConfirmOrderButton({ order }: { order: Order }) {
  const confirm = useConfirmOrder();
  const said = holdText(order, 'store');
  if (!said) return null;
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}>
      <Typography variant="body2" color="text.secondary">
        {said}
      </Typography>
      {order.releaseAt && (
        <Button
          size="small"
          variant="outlined"
          loading={confirm.isPending}
          onClick={() => confirm.mutate(order.orderID)}
          aria-label={`Confirm: order ${orderReference(order.orderID)}`}
        >
          Confirm
        </Button>
      )}
      {confirm.isError && (
        <Alert severity="error" sx={{ flexBasis: '100%' }}>
          {apiErrorMessage(confirm.error)}
        </Alert>
      )}
    </Box>
  );
}
