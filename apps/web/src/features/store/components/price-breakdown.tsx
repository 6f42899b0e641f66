import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { Fulfilment, Quote } from '@vitalia/api/store.contract';
import { unitsText } from '../utils/order-text';
import { arrivalText, deliveryTimeText } from '../utils/shipping-text';

/** What a quote and an order both say about their price. */
export type PriceParts = Pick<
  Quote,
  'lines' | 'formattedProductsAmount' | 'deliveries' | 'vatRate' | 'formattedVat' | 'formattedTotal'
>;

function Row({
  label,
  detail,
  value,
  strong,
}: {
  label: string;
  detail?: string | undefined;
  /** A skeleton while it is unknown. */
  value: string | undefined;
  strong?: boolean;
}) {
  return (
    <Box
      sx={{
        display: 'flex',
        justifyContent: 'space-between',
        alignItems: 'baseline',
        gap: 2,
        py: 0.5,
        ...(strong ? { borderTop: 1, borderColor: 'divider', mt: 1, pt: 1.5 } : {}),
      }}
    >
      <Box component="dt" sx={{ minWidth: 0 }}>
        <Typography
          component="span"
          sx={{
            display: 'block',
            fontWeight: strong ? 700 : 400,
            fontSize: strong ? '1.1rem' : undefined,
          }}
        >
          {label}
        </Typography>
        {detail && (
          <Typography component="span" variant="body2" color="text.secondary">
            {detail}
          </Typography>
        )}
      </Box>
      <Typography
        component="dd"
        sx={{
          m: 0,
          whiteSpace: 'nowrap',
          fontWeight: strong ? 700 : 500,
          fontSize: strong ? '1.25rem' : undefined,
        }}
      >
        {value ?? <Skeleton width={96} />}
      </Typography>
    </Box>
  );
}

/**
 * Products, each delivery, VAT and the total on lines of their own, as the server priced them
 * (docs/decisions/0024-one-delivery-per-method.md). `price` undefined shows skeletons while it
 * is asked for; `unavailable` shows dashes when it cannot be priced.
 */
export function PriceBreakdown({
  price,
  fulfilment,
  unavailable = false,
  arrivalFrom,
}: {
  price: PriceParts | undefined;
  fulfilment: Fulfilment;
  unavailable?: boolean;
  /** At checkout, now: each delivery says the day it should arrive by if ordered now. */
  arrivalFrom?: Date;
}) {
  const time = (days: number) =>
    arrivalFrom ? arrivalText(days, arrivalFrom) : deliveryTimeText(days);
  const shown = unavailable ? undefined : price;
  const value = (text: string | undefined) => (unavailable ? '—' : text);
  const units = shown?.lines.reduce((sum, line) => sum + line.count, 0);
  return (
    <Box role="group" aria-label="Price">
      <Box component="dl" sx={{ m: 0 }}>
        <Row
          label="Products"
          detail={units === undefined ? undefined : unitsText(units)}
          value={value(shown?.formattedProductsAmount)}
        />
        {fulfilment === 'pickup' ? (
          <Row label="Pickup" detail="Collected at the store" value={value('Free')} />
        ) : shown ? (
          shown.deliveries.map((delivery, index) => (
            <Row
              // Orders placed before one delivery per method may list a method twice.
              key={`${index}-${delivery.shippingMethod}`}
              label={delivery.shippingMethod}
              detail={
                delivery.productIDs.length > 1
                  ? `${delivery.productIDs.length} products travel together · ${time(delivery.deliveryTimeDays)}`
                  : time(delivery.deliveryTimeDays)
              }
              value={delivery.costFormatted}
            />
          ))
        ) : (
          <Row label="Delivery" value={value(undefined)} />
        )}
        <Row
          label={`VAT${shown ? ` (${shown.vatRate}%)` : ''}`}
          value={value(shown?.formattedVat)}
        />
        <Row label="Total" value={value(shown?.formattedTotal)} strong />
      </Box>
    </Box>
  );
}
