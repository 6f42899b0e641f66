import Box from '@mui/material/Box';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import Typography from '@mui/material/Typography';
import type { Order, OrderStatus } from '@vitalia/api/store.contract';
import { formatOrderTime, orderPath, orderStatusLabels } from '../utils/order-text';

/** When the order reached each status, from its history. */
function reachedAt(order: Order): Map<OrderStatus, string> {
  return new Map(order.history.map((change) => [change.status, change.at]));
}

/**
 * Where an order is on its road (placed, then shipped or ready, then delivered or collected),
 * each step with the time it was reached. A cancelled order shows where it stopped.
 */
export function OrderProgress({ order }: { order: Order }) {
  const reached = reachedAt(order);
  const path = orderPath[order.fulfilment];
  const cancelled = order.status === 'cancelled';
  const steps: OrderStatus[] = cancelled
    ? [...path.filter((status) => reached.has(status)), 'cancelled']
    : path;
  const current = steps.indexOf(order.status);

  return (
    <Stepper
      activeStep={current}
      alternativeLabel
      aria-label="Progress of the order"
      component="ol"
      sx={{ p: 0, m: 0, '& .MuiStep-root': { listStyle: 'none' } }}
    >
      {steps.map((status, index) => {
        const at = reached.get(status);
        const done = index < current || (index === current && at !== undefined);
        return (
          <Step key={status} completed={done} component="li">
            <StepLabel
              error={status === 'cancelled'}
              optional={
                <Typography variant="caption" color="text.secondary" component="span">
                  {at ? <time dateTime={at}>{formatOrderTime(at)}</time> : 'Not yet'}
                </Typography>
              }
            >
              <Box component="span" sx={{ fontWeight: index === current ? 600 : 400 }}>
                {orderStatusLabels[status]}
              </Box>
            </StepLabel>
          </Step>
        );
      })}
    </Stepper>
  );
}
