import Chip, { type ChipProps } from '@mui/material/Chip';
import type { OrderStatus, Product } from '@vitalia/api/store.contract';
import { orderStatusLabels } from '../utils/order-text';

// Pale fills with dark text: each pair clears WCAG AA's 4.5:1, and the words carry the meaning,
// so nobody has to tell green from amber.
const tones = {
  green: { bgcolor: '#e6f4ea', color: '#1b5e20' },
  amber: { bgcolor: '#fff1dc', color: '#7a3d00' },
  grey: { bgcolor: '#eef0f3', color: '#4a5361' },
  blue: { bgcolor: '#e3ecfa', color: '#0b2a5b' },
  violet: { bgcolor: '#ede7f6', color: '#4527a0' },
  red: { bgcolor: '#fdeaea', color: '#8e1b1b' },
} as const;

type Tone = keyof typeof tones;

function ToneChip({ tone, sx, ...props }: ChipProps & { tone: Tone }) {
  return (
    <Chip
      size="small"
      {...props}
      sx={[{ ...tones[tone], fontWeight: 500 }, ...(Array.isArray(sx) ? sx : [sx])]}
    />
  );
}

export function stockText(stock: Product['stock']): string {
  switch (stock.state) {
    case 'in_stock':
      return 'In stock';
    case 'low_stock':
      return `Only ${stock.available} left`;
    case 'out_of_stock':
      return 'Out of stock';
  }
}

const stockTones: Record<Product['stock']['state'], Tone> = {
  in_stock: 'green',
  low_stock: 'amber',
  out_of_stock: 'grey',
};

export function StockChip({ stock }: { stock: Product['stock'] }) {
  return <ToneChip tone={stockTones[stock.state]} label={stockText(stock)} />;
}

const statusTones: Record<OrderStatus, Tone> = {
  placed: 'blue',
  shipped: 'violet',
  ready_for_pickup: 'amber',
  delivered: 'green',
  collected: 'green',
  cancelled: 'red',
};

export function OrderStatusChip({
  status,
  size,
}: {
  status: OrderStatus;
  size?: 'small' | 'medium';
}) {
  return (
    <ToneChip tone={statusTones[status]} label={orderStatusLabels[status]} size={size ?? 'small'} />
  );
}

export function ActiveChip({ active }: { active: boolean }) {
  return <ToneChip tone={active ? 'green' : 'grey'} label={active ? 'On sale' : 'Retired'} />;
}
