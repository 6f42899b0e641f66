import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Typography from '@mui/material/Typography';
import type { Order } from '@vitalia/api/store.contract';

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
      <Box
        component="dl"
        sx={{
          m: 0,
          display: 'grid',
          gridTemplateColumns: '1fr auto',
          rowGap: 0.5,
          '& dd': { m: 0, textAlign: 'right' },
        }}
      >
        <Typography component="dt" color="text.secondary">
          {order.fulfilment === 'delivery' ? 'Items and shipping' : 'Items'}
        </Typography>
        <Typography component="dd">{order.formattedAmount}</Typography>
        <Typography component="dt" color="text.secondary">
          VAT ({order.vatRate}%)
        </Typography>
        <Typography component="dd">{order.formattedVat}</Typography>
        <Typography component="dt" sx={{ fontWeight: 700, fontSize: '1.1rem', pt: 0.5 }}>
          Total
        </Typography>
        <Typography component="dd" sx={{ fontWeight: 700, fontSize: '1.1rem', pt: 0.5 }}>
          {order.formattedTotal}
        </Typography>
      </Box>
    </Box>
  );
}
