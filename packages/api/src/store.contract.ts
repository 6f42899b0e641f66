// The store (docs/decisions/0013-store-web.md, 0024). Money is integer minor units of the store's currency with a
// formatted twin; the server prices everything itself and never trusts an amount it is sent.
import { z } from './zod.ts';

export const storePaths = {
  products: '/api/v1/store/products',
  product: '/api/v1/store/products/:id',
  quote: '/api/v1/store/cart/quote',
  orders: '/api/v1/store/orders',
  order: '/api/v1/store/orders/:id',
  /** The customer cancels their own order while it is placed (not yet shipped or ready). */
  cancelOrder: '/api/v1/store/orders/:id/cancel',
  adminProducts: '/api/v1/store/admin/products',
  adminProduct: '/api/v1/store/admin/products/:id',
  adminProductImage: '/api/v1/store/admin/products/:id/image',
  adminOrders: '/api/v1/store/admin/orders',
  adminOrderStatus: '/api/v1/store/admin/orders/:id/status',
  /** An administrator records the payment received (on delivery, at pickup or at the counter). */
  adminOrderPayment: '/api/v1/store/admin/orders/:id/payment',
  /** An administrator confirms an unpaid order, so that it keeps its stock past the hold. */
  adminOrderConfirm: '/api/v1/store/admin/orders/:id/confirm',
  pickup: '/api/v1/store/pickup',
} as const;

/** Where and when pickup orders are collected (STORE_PICKUP_ADDRESS and STORE_PICKUP_HOURS). */
export const pickupPlace = z
  .object({
    address: z.string().meta({ example: '14 Admiralty Way, Lekki Phase 1, Lagos' }),
    hours: z.string().meta({ example: 'Monday to Saturday, 09:00 to 18:00' }),
  })
  .meta({ id: 'PickupPlace' });
export type PickupPlace = z.infer<typeof pickupPlace>;

/** Where the server serves the product images administrators upload, by a name it makes. */
export const productImagePrefix = '/uploads/products/';

/** What an administrator may upload as a product's image; the server checks the content itself. */
export const productImageLimits = {
  types: ['image/jpeg', 'image/png', 'image/webp'],
  bytes: 2 * 1024 * 1024,
} as const;

const uploadedProductImagePattern = /^\/uploads\/products\/[0-9a-f-]{36}\.webp$/;

/** An image uploaded for a product, as opposed to a drawing shipped with the web app. */
export function isUploadedProductImage(path: string | null | undefined): path is string {
  return typeof path === 'string' && uploadedProductImagePattern.test(path);
}

/** At most this many of one product in one order. */
export const maxCountPerLine = 20;
/**
 * Orders one account may place in an hour, and one network address: enough for a household's
 * shopping, too few for one new account to empty the store of every product.
 */
export const ORDERS_PER_HOUR_PER_ACCOUNT = 10;
export const ORDERS_PER_HOUR_PER_ADDRESS = 60;

export const fulfilments = ['delivery', 'pickup'] as const;
export type Fulfilment = (typeof fulfilments)[number];

export const paymentStatuses = ['unpaid', 'paid', 'refunded'] as const;
export type PaymentStatus = (typeof paymentStatuses)[number];

export const orderStatuses = [
  'placed',
  'shipped',
  'ready_for_pickup',
  'delivered',
  'collected',
  'cancelled',
] as const;
export type OrderStatus = (typeof orderStatuses)[number];

/** Where an order may go next; cancelling returns the stock. */
export const orderTransitions: Record<Fulfilment, Partial<Record<OrderStatus, OrderStatus[]>>> = {
  delivery: { placed: ['shipped', 'cancelled'], shipped: ['delivered'] },
  pickup: {
    placed: ['ready_for_pickup', 'cancelled'],
    ready_for_pickup: ['collected', 'cancelled'],
  },
};

const id = z.uuid({ error: 'must be an id as the store gives it' });

export const shippingOption = z
  .object({
    shippingMethod: z.string(),
    shippingCostID: z.string(),
    cost: z.number().int(),
    deliveryTimeDays: z.number().int(),
    costFormatted: z.string(),
  })
  .meta({ id: 'ShippingOption' });
export type ShippingOption = z.infer<typeof shippingOption>;

export const stockStates = ['in_stock', 'low_stock', 'out_of_stock'] as const;

export const product = z
  .object({
    productID: z.string(),
    slug: z.string(),
    productName: z.string(),
    description: z.string(),
    price: z.number().int().meta({ description: 'Minor units (kobo for NGN).' }),
    formattedPrice: z.string(),
    currency: z.string(),
    productImage: z.string().nullable(),
    stock: z.object({ state: z.enum(stockStates), available: z.number().int() }),
    shippings: z.array(shippingOption),
    active: z.boolean(),
  })
  .meta({ id: 'Product' });
export type Product = z.infer<typeof product>;

export const productListQuery = z.object({
  q: z.string().trim().max(100).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(24),
  cursor: z.string().max(200).optional(),
});

export const productPage = z
  .object({ items: z.array(product), nextCursor: z.string().nullable() })
  .meta({ id: 'ProductPage' });

export const productParams = z.object({ id });

/**
 * A cart line. The spec's client keeps more on each line (price, formatted amounts, the shipping
 * list); those are accepted and ignored, since the server prices everything itself.
 */
export const cartLine = z.object({
  productID: id,
  count: z.number().int().min(1).max(maxCountPerLine),
  /** Required for delivery; ignored for pickup. */
  shippingCostID: id.nullable().optional(),
});

export const quoteRequest = z
  .strictObject({
    items: z.array(cartLine).min(1, 'must hold at least one product').max(50),
    fulfilment: z.enum(fulfilments),
  })
  .meta({ id: 'QuoteRequest' });
export type QuoteRequest = z.infer<typeof quoteRequest>;

const money = (description: string) => z.number().int().meta({ description });

export const quoteLine = z.object({
  productID: z.string(),
  productName: z.string(),
  productImage: z.string().nullable(),
  count: z.number().int(),
  price: money('Unit price, minor units.'),
  formattedPrice: z.string(),
  shippingCostID: z.string().nullable(),
  shippingMethod: z.string().nullable(),
  shippingCost: money(
    'The chosen shipping option’s cost, minor units; 0 for pickup. What the order pays for delivery is in `deliveries`: lines sharing a method travel together.',
  ),
  itemAmount: money('price × count, minor units: the goods alone.'),
  formattedAmount: z.string(),
});

/**
 * One delivery: the lines that share a shipping method travel together and pay it once, at the
 * highest cost among them (docs/decisions/0024-one-delivery-per-method.md).
 */
export const delivery = z
  .object({
    shippingMethod: z.string(),
    cost: money('What this delivery costs, minor units.'),
    costFormatted: z.string(),
    deliveryTimeDays: z.number().int().meta({ description: 'The slowest of its lines’ options.' }),
    productIDs: z.array(z.string()).meta({ description: 'The products that travel by it.' }),
  })
  .meta({ id: 'Delivery' });

/** The parts of a price, each on a line of its own: goods, delivery, VAT, and the sums. */
const priceParts = {
  productsAmount: money('Sum of price × count over the lines.'),
  formattedProductsAmount: z.string(),
  deliveries: z
    .array(delivery)
    .meta({ description: 'One per shipping method chosen; empty for pickup.' }),
  shippingAmount: money('Sum of the deliveries’ costs, minor units; 0 for pickup.'),
  formattedShippingAmount: z.string(),
  amount: money('productsAmount + shippingAmount: what VAT is charged on.'),
  formattedAmount: z.string(),
  vat: money('amount × VAT rate, rounded half up.'),
  formattedVat: z.string(),
  total: money('amount + vat.'),
  formattedTotal: z.string(),
};

export const quoteResponse = z
  .object({
    fulfilment: z.enum(fulfilments),
    currency: z.string(),
    vatRate: z.number().meta({ description: 'Percent, e.g. 7.5.' }),
    lines: z.array(quoteLine),
    ...priceParts,
  })
  .meta({ id: 'Quote' });
export type Quote = z.infer<typeof quoteResponse>;

const requiredText = (max: number) => z.string().trim().min(1).max(max);

const phonePattern = /^\+?[0-9 ()-]{7,20}$/;
const phoneMessage = 'must be a phone number: digits, spaces, brackets, dashes';

/**
 * Nigeria's 36 states and the Federal Capital Territory, A to Z: the only states a delivery goes
 * to (docs/decisions/0013-store-web.md, amendment of 2026-11-29). The web app offers them as a
 * list; the server refuses any other.
 */
export const nigerianStates = [
  'Abia',
  'Adamawa',
  'Akwa Ibom',
  'Anambra',
  'Bauchi',
  'Bayelsa',
  'Benue',
  'Borno',
  'Cross River',
  'Delta',
  'Ebonyi',
  'Edo',
  'Ekiti',
  'Enugu',
  'Federal Capital Territory',
  'Gombe',
  'Imo',
  'Jigawa',
  'Kaduna',
  'Kano',
  'Katsina',
  'Kebbi',
  'Kogi',
  'Kwara',
  'Lagos',
  'Nasarawa',
  'Niger',
  'Ogun',
  'Ondo',
  'Osun',
  'Oyo',
  'Plateau',
  'Rivers',
  'Sokoto',
  'Taraba',
  'Yobe',
  'Zamfara',
] as const;
export type NigerianState = (typeof nigerianStates)[number];

const stateKey = (text: string) =>
  text
    .toLowerCase()
    .replace(/\bstate$/, '')
    .replaceAll(/[^a-z]/g, '');

// Other spellings people and older clients send for the same place.
const stateAliases: Record<string, NigerianState> = {
  fct: 'Federal Capital Territory',
  abuja: 'Federal Capital Territory',
  fctabuja: 'Federal Capital Territory',
  federalcapitalterritoryabuja: 'Federal Capital Territory',
  nassarawa: 'Nasarawa',
};
const statesByKey = new Map<string, NigerianState>([
  ...nigerianStates.map((state): [string, NigerianState] => [stateKey(state), state]),
  ...Object.entries(stateAliases),
]);

/**
 * The state a text names, as the list spells it, whatever its case, with or without "State"
 * ("lagos state" is Lagos; "FCT" and "Abuja" are the Federal Capital Territory); null for none.
 */
export function nigerianStateOf(text: string): NigerianState | null {
  return statesByKey.get(stateKey(text.trim())) ?? null;
}

const stateMessage =
  "must be one of Nigeria's 36 states or the Federal Capital Territory, such as Lagos, Rivers or Federal Capital Territory";

/** A state of the list, sent as any spelling nigerianStateOf knows and kept as the list spells it. */
const nigerianState = z
  .string()
  .trim()
  .min(1)
  .max(100)
  // Typed as text, as it always was: clients typed against the contract need not name the list.
  .transform((text, context): string => {
    const state = nigerianStateOf(text);
    if (state) return state;
    context.addIssue({ code: 'custom', message: stateMessage, params: { code: 'UNKNOWN_STATE' } });
    return z.NEVER;
  })
  .meta({
    description: `One of Nigeria's 36 states or the Federal Capital Territory: ${nigerianStates.join(', ')}. Case and a trailing "State" do not matter; FCT and Abuja name the Federal Capital Territory. Answered as the list spells it.`,
    example: 'Lagos',
  });

export const contactDetails = z.strictObject({
  firstName: requiredText(100),
  surname: requiredText(100),
  phone: z.string().trim().regex(phonePattern, phoneMessage),
  /** Another number to reach the person on (optional); left out or empty for none. */
  secondPhone: z
    .string()
    .trim()
    .refine((text) => text === '' || phonePattern.test(text), phoneMessage)
    .optional()
    .meta({ description: 'Another number to call (optional); empty or left out for none.' }),
  email: z
    .string()
    .trim()
    .max(254)
    .pipe(z.email({ error: 'must be an email address' })),
});

/** At most this many characters of a landmark: a short pointer, not a second address. */
export const landmarkMaxLength = 100;

export const deliveryAddress = z.strictObject({
  address: requiredText(200),
  city: requiredText(100),
  state: nigerianState,
  /** Something near the door a courier can ask for (optional): "opposite the First Bank". */
  landmark: z.string().trim().max(landmarkMaxLength).optional().meta({
    description: 'Something near the door a courier can ask for (optional); empty for none.',
    example: 'opposite the First Bank',
  }),
});

export const placeOrderRequest = z
  .strictObject({
    items: quoteRequest.shape.items,
    fulfilment: z.enum(fulfilments),
    contact: contactDetails,
    /** Required for delivery; must be left out for pickup. */
    delivery: deliveryAddress.optional(),
  })
  .meta({ id: 'PlaceOrderRequest' });
export type PlaceOrderRequest = z.infer<typeof placeOrderRequest>;

export const idempotencyHeaders = z.object({
  'idempotency-key': z
    .string({
      error: 'is required: send a new random key with each new order, the same one on retry',
    })
    .min(8, 'must be at least 8 characters; a UUID is ideal')
    .max(128),
});

export const order = z
  .object({
    orderID: z.string(),
    status: z.enum(orderStatuses),
    fulfilment: z.enum(fulfilments),
    currency: z.string(),
    vatRate: z.number(),
    lines: z.array(quoteLine),
    ...priceParts,
    payment: z.object({
      method: z.enum(['on_delivery', 'at_pickup']),
      status: z.enum(paymentStatuses),
      paidAt: z.string().nullable().optional().meta({
        description: 'When an administrator recorded the payment received.',
      }),
      refundedAt: z.string().nullable().optional().meta({
        description: 'When a paid order was cancelled and its refund recorded.',
      }),
    }),
    contact: z.object({
      firstName: z.string(),
      surname: z.string(),
      phone: z.string(),
      secondPhone: z
        .string()
        .nullable()
        .optional()
        .meta({ description: 'Another number to call; null when none was given.' }),
      email: z.string(),
    }),
    delivery: z
      .object({
        address: z.string(),
        city: z.string(),
        state: z.string(),
        landmark: z
          .string()
          .nullable()
          .optional()
          .meta({ description: 'Something near the door; null when none was given.' }),
      })
      .nullable(),
    confirmedAt: z.string().nullable().optional().meta({
      description:
        'When an administrator confirmed the order: confirmed, it keeps its stock while unpaid.',
    }),
    releaseAt: z.string().nullable().optional().meta({
      description:
        'While the order is placed, unpaid and not confirmed: when it is released (cancelled by the store, its stock back on sale) unless it is paid or confirmed first. Null once none of that can happen.',
    }),
    releasedAt: z.string().nullable().optional().meta({
      description:
        'When the store released the order because it was neither paid nor confirmed in time; null otherwise.',
    }),
    history: z.array(z.object({ status: z.enum(orderStatuses), at: z.string() })),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'Order' });
export type Order = z.infer<typeof order>;

export const orderList = z.object({ items: z.array(order) }).meta({ id: 'OrderList' });

export const adminOrderQuery = z.object({
  status: z.enum(orderStatuses).optional(),
  payment: z.enum(paymentStatuses).optional(),
  q: z.string().trim().max(254).optional().meta({
    description:
      'An order number (its first characters will do, with or without #) or part of the customer’s email.',
  }),
  needsAction: z.enum(['true', 'false']).optional().meta({
    description:
      '`true`: only orders waiting for the store: placed (to prepare) or delivered/collected and not yet paid.',
  }),
});

export const adminOrderList = z
  .object({
    items: z.array(order),
    needsAction: z.number().int().meta({
      description:
        'How many orders of all are waiting for the store (placed, or handed over and not yet paid), whatever the filters.',
    }),
  })
  .meta({ id: 'AdminOrderList' });

export const orderStatusRequest = z
  .strictObject({ status: z.enum(orderStatuses) })
  .meta({ id: 'OrderStatusRequest' });

const shippingOptionInput = z.strictObject({
  shippingMethod: requiredText(80),
  cost: z.number().int().min(0).max(100_000_000),
  deliveryTimeDays: z.number().int().min(0).max(90),
});

export const productInput = z
  .strictObject({
    slug: z
      .string()
      .trim()
      .regex(
        /^[a-z0-9]+(-[a-z0-9]+)*$/,
        'must be lower-case words joined by dashes, such as pulse-oximeter',
      )
      .max(80),
    productName: requiredText(120),
    description: requiredText(4000),
    price: z.number().int().min(0).max(1_000_000_000),
    stock: z.number().int().min(0).max(1_000_000),
    active: z.boolean(),
    shippings: z.array(shippingOptionInput).min(1, 'must hold at least one way to ship').max(5),
  })
  .meta({ id: 'ProductDraft' });
export type ProductInput = z.infer<typeof productInput>;

export const productPatch = productInput.partial().meta({ id: 'ProductChanges' });
