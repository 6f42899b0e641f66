// The store's answers as the contract shapes them, with every amount formatted beside its number.
import type { Order, Product, Quote } from '@vitalia/api/store.contract';
import type { PricedCart } from './checkout.service.ts';
import { storeMoney, type StoreMoney } from './money.ts';
import type { ProductWithShipping, StoredOrder } from './store.repository.ts';

/** What an order's answer is drawn with: the store's money, and how long an unpaid order is held. */
export interface OrderViews {
  money: StoreMoney;
  holdHours: number;
}

/** At or under this many, a product shows as running low. */
const lowStock = 5;

export function toProduct(row: ProductWithShipping, money: StoreMoney): Product {
  return {
    productID: row.id,
    slug: row.slug,
    productName: row.name,
    description: row.description,
    price: row.priceMinor,
    formattedPrice: money.format(row.priceMinor),
    currency: money.currency,
    productImage: row.image,
    stock: {
      state: row.stock === 0 ? 'out_of_stock' : row.stock <= lowStock ? 'low_stock' : 'in_stock',
      available: row.stock,
    },
    shippings: row.shippings.map((option) => ({
      shippingMethod: option.method,
      shippingCostID: option.id,
      cost: option.costMinor,
      deliveryTimeDays: option.deliveryTimeDays,
      costFormatted: money.format(option.costMinor),
    })),
    active: row.active,
  };
}

interface PriceParts {
  productsMinor: number;
  deliveries: Array<{
    shippingMethod: string;
    costMinor: number;
    deliveryTimeDays: number;
    productIds: string[];
  }>;
  amountMinor: number;
  vatMinor: number;
  totalMinor: number;
}

/** Goods, each delivery, VAT and the sums, every amount formatted beside its number. */
function priceParts(parts: PriceParts, money: StoreMoney) {
  const { amountMinor: amount, vatMinor: vat, totalMinor: total } = parts;
  const shippingAmount = parts.deliveries.reduce((sum, delivery) => sum + delivery.costMinor, 0);
  return {
    productsAmount: parts.productsMinor,
    formattedProductsAmount: money.format(parts.productsMinor),
    deliveries: parts.deliveries.map((delivery) => ({
      shippingMethod: delivery.shippingMethod,
      cost: delivery.costMinor,
      costFormatted: money.format(delivery.costMinor),
      deliveryTimeDays: delivery.deliveryTimeDays,
      productIDs: delivery.productIds,
    })),
    shippingAmount,
    formattedShippingAmount: money.format(shippingAmount),
    amount,
    formattedAmount: money.format(amount),
    vat,
    formattedVat: money.format(vat),
    total,
    formattedTotal: money.format(total),
  };
}

export function toQuote(cart: PricedCart, money: StoreMoney): Quote {
  return {
    fulfilment: cart.fulfilment,
    currency: money.currency,
    vatRate: money.vatBasisPoints / 100,
    lines: cart.lines.map((line) => ({
      productID: line.product.id,
      productName: line.product.name,
      productImage: line.product.image,
      count: line.count,
      price: line.product.priceMinor,
      formattedPrice: money.format(line.product.priceMinor),
      shippingCostID: line.shippingOptionId,
      shippingMethod: line.shippingMethod,
      shippingCost: line.shippingCostMinor,
      itemAmount: line.lineAmountMinor,
      formattedAmount: money.format(line.lineAmountMinor),
    })),
    ...priceParts(cart, money),
  };
}

/**
 * An order as it was charged: amounts come from the order, not from today's prices. `holdHours`
 * is how long an unpaid, unconfirmed order keeps its stock (STORE_UNCONFIRMED_ORDER_HOURS).
 */
export function toOrder(
  { order, lines, deliveries, history }: StoredOrder,
  storeMoneyNow: StoreMoney,
  holdHours: number,
): Order {
  const held =
    order.status === 'placed' && order.paymentStatus === 'unpaid' && order.confirmedAt === null;
  const release = history.find((change) => change.bySystem && change.status === 'cancelled');
  // Formatted in the currency the order was charged in, even if the store has changed since.
  const money =
    order.currency === storeMoneyNow.currency
      ? storeMoneyNow
      : storeMoney({ currency: order.currency, vatRatePercent: 0, locale: storeMoneyNow.locale });
  return {
    orderID: order.id,
    status: order.status,
    fulfilment: order.fulfilment,
    currency: order.currency,
    vatRate: order.vatRateBasisPoints / 100,
    lines: lines.map((line) => ({
      productID: line.productId,
      productName: line.productName,
      productImage: line.productImage,
      count: line.count,
      price: line.unitPriceMinor,
      formattedPrice: money.format(line.unitPriceMinor),
      shippingCostID: line.shippingOptionId,
      shippingMethod: line.shippingMethod,
      shippingCost: line.shippingCostMinor,
      itemAmount: line.lineAmountMinor,
      formattedAmount: money.format(line.lineAmountMinor),
    })),
    ...priceParts(
      {
        productsMinor: lines.reduce((sum, line) => sum + line.lineAmountMinor, 0),
        deliveries,
        amountMinor: order.amountMinor,
        vatMinor: order.vatMinor,
        totalMinor: order.totalMinor,
      },
      money,
    ),
    payment: {
      method: order.paymentMethod,
      status: order.paymentStatus,
      paidAt: order.paidAt?.toISOString() ?? null,
      refundedAt: order.refundedAt?.toISOString() ?? null,
    },
    contact: {
      firstName: order.firstName,
      surname: order.surname,
      phone: order.phone,
      secondPhone: order.secondPhone,
      email: order.email,
    },
    delivery:
      order.address && order.city && order.state
        ? {
            address: order.address,
            city: order.city,
            state: order.state,
            landmark: order.landmark,
          }
        : null,
    confirmedAt: order.confirmedAt?.toISOString() ?? null,
    releaseAt: held
      ? new Date(order.createdAt.getTime() + holdHours * 3_600_000).toISOString()
      : null,
    releasedAt: release?.changedAt.toISOString() ?? null,
    history: history.map((change) => ({
      status: change.status as Order['status'],
      at: change.changedAt.toISOString(),
    })),
    createdAt: order.createdAt.toISOString(),
    updatedAt: order.updatedAt.toISOString(),
  };
}
