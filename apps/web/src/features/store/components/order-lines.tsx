import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Typography from '@mui/material/Typography';
import type { Order } from '@vitalia/api/store.contract';
import { PriceBreakdown } from './price-breakdown';

/** What an order holds and what it cost, as the server charged it. */
export function OrderLines({ order }: { order: Order }) {
  return (
    <Box>
      <Box component="ul" sx={{ m: 0, p: 0, listStyle: 'none' }}>
        {order.lines.map((line) => (
          <Box
            component="li"
            key={line.productID}
            sx={{
              display: 'flex',
              justifyContent: 'space-between',
              gap: 2,
              py: 1.25,
              '& + &': { borderTop: 1, borderColor: 'divider' },
            }}
          >
            <Box sx={{ minWidth: 0 }}>
              <Typography sx={{ fontWeight: 500 }}>{line.productName}</Typography>
              <Typography variant="body2" color="text.secondary">
                {line.count} × {line.formattedPrice}
                {line.shippingMethod ? ` · ${line.shippingMethod}` : ''}
              </Typography>
            </Box>
            <Typography sx={{ fontWeight: 500, whiteSpace: 'nowrap' }}>
              {line.formattedAmount}
            </Typography>
          </Box>
        ))}
      </Box>
      <Divider sx={{ my: 1 }} />
      <PriceBreakdown price={order} fulfilment={order.fulfilment} />
    </Box>
  );
}
