import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { Order } from '@vitalia/api/store.contract';
import { apiErrorMessage } from '../../../lib/api-client';
import { useRecordPayment } from '../api/record-payment.mutation';
import { orderReference, paymentText } from '../utils/order-text';

/** Where an order's payment stands, and 'Payment received' while it is owed (ADMIN only). */
export function RecordPaymentButton({ order }: { order: Order }) {
  const record = useRecordPayment();
  const owed = order.payment.status === 'unpaid' && order.status !== 'cancelled';
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}>
      <Typography variant="body2" color="text.secondary">
        {paymentText(order)}
      </Typography>
      {owed && (
        <Button
          size="small"
          variant="outlined"
          loading={record.isPending}
          onClick={() => record.mutate(order.orderID)}
          aria-label={`Payment received: order ${orderReference(order.orderID)}`}
        >
          Payment received
        </Button>
      )}
      {record.isError && (
        <Alert severity="error" sx={{ flexBasis: '100%' }}>
          {apiErrorMessage(record.error)}
        </Alert>
      )}
    </Box>
  );
}
