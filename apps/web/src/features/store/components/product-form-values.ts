// What the product dialog's form holds and how it becomes the contract's ProductInput: amounts are
// typed as people write them and turned into minor units, counts are typed as text.
import type { FieldPath } from 'react-hook-form';
import { productInput, type Product } from '@vitalia/api/store.contract';
import { z } from '@vitalia/api/zod';
import { toMajorText, toMinorUnits } from '../utils/money-input';

interface ShippingRow {
  shippingMethod: string;
  cost: string;
  deliveryTimeDays: string;
}

export interface ProductFormValues {
  productName: string;
  slug: string;
  description: string;
  price: string;
  stock: string;
  active: boolean;
  shippings: ShippingRow[];
}

/** The most ways to ship one product the form offers rows for. */
export const maxShippingRows = 5;

export const emptyShippingRow: ShippingRow = { shippingMethod: '', cost: '', deliveryTimeDays: '' };

const wholeNumber = z.string().trim().regex(/^\d+$/, 'must be a whole number, such as 12');

/** The contract's rules; amounts typed as people write them and turned into minor units. */
export function productForm(currency: string) {
  const amount = z
    .string()
    .trim()
    .refine(
      (text) => toMinorUnits(text, currency) !== null,
      'must be an amount such as 18500 or 18500.50',
    )
    .transform((text) => toMinorUnits(text, currency) ?? 0);
  return z
    .object({
      productName: productInput.shape.productName,
      slug: productInput.shape.slug,
      description: productInput.shape.description,
      price: amount,
      stock: wholeNumber.transform(Number),
      active: z.boolean(),
      shippings: z
        .array(
          z.object({
            shippingMethod: z.string().trim().min(1).max(80),
            cost: amount,
            deliveryTimeDays: wholeNumber.transform(Number),
          }),
        )
        .min(1, 'must hold at least one way to ship'),
    })
    .pipe(productInput);
}

/** The form's starting values: the product as it is, or a new one with one way to ship. */
export function formValues(product: Product | null, currency: string): ProductFormValues {
  if (!product) {
    return {
      productName: '',
      slug: '',
      description: '',
      price: '',
      stock: '0',
      active: true,
      shippings: [{ shippingMethod: 'Standard delivery', cost: '', deliveryTimeDays: '5' }],
    };
  }
  return {
    productName: product.productName,
    slug: product.slug,
    description: product.description,
    price: toMajorText(product.price, currency),
    stock: String(product.stock.available),
    active: product.active,
    shippings: product.shippings.map((option) => ({
      shippingMethod: option.shippingMethod,
      cost: toMajorText(option.cost, currency),
      deliveryTimeDays: String(option.deliveryTimeDays),
    })),
  };
}

// The fields a server message may name ("shippings.0.cost: ..."), as the form calls them.
const formField = /^(productName|slug|description|price|stock|active|shippings(\.\d+\.\w+)?)$/;

/** The form's name for a field the server named, or null when the form has no such field. */
export function formFieldOf(wire: string): FieldPath<ProductFormValues> | null {
  return formField.test(wire) ? (wire as FieldPath<ProductFormValues>) : null;
}

/** 'Home ECG monitor' -> 'home-ecg-monitor'. */
export function slugOf(name: string): string {
  return name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80);
}
