import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import type { Order } from '@vitalia/api/store.contract';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { apiErrorMessage } from '../../../lib/api-client';
import { useCancelOrder } from '../api/cancel-order.mutation';
import { orderReference } from '../utils/order-text';

/** Offered while the order is placed: after that it is on its way or waiting at the store. */
export function CancelOrderButton({ order }: { order: Order }) {
  const [asking, setAsking] = useState(false);
  const cancel = useCancelOrder();
  if (order.status !== 'placed') return null;
  return (
    <Box>
      <Button
        variant="outlined"
        color="error"
        onClick={() => {
          cancel.reset();
          setAsking(true);
        }}
      >
        Cancel order
      </Button>
      <ConfirmDialog
        open={asking}
        title={`Cancel order ${orderReference(order.orderID)}?`}
        message="What you ordered goes back on the shelf and you owe nothing. We mail you to confirm it. This cannot be undone: to have it after all, order it again."
        confirmLabel="Cancel order"
        destructive
        busy={cancel.isPending}
        error={cancel.isError ? apiErrorMessage(cancel.error) : undefined}
        onConfirm={() => cancel.mutate(order.orderID, { onSuccess: () => setAsking(false) })}
        onCancel={() => setAsking(false)}
      />
    </Box>
  );
}
