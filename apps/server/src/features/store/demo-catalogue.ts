// The demo catalogue loaded once on a new database: devices for the measures Vitalia tracks and a
// few things that go with them. Descriptions are written for this project; images are drawings
// shipped with the web app (apps/web/public/store/). Prices are in kobo.
import type { DemoContentStep } from '../../db/demo-content.ts';
import { products, shippingOptions } from '../../db/schema/store.table.ts';

interface DemoProduct {
  slug: string;
  name: string;
  description: string;
  priceMinor: number;
  stock: number;
  shipping: Array<'standard' | 'express' | 'sameDay'>;
}

const shippingMethods = {
  standard: { method: 'Standard delivery', costMinor: 250_000, deliveryTimeDays: 5 },
  express: { method: 'Express delivery', costMinor: 500_000, deliveryTimeDays: 2 },
  sameDay: { method: 'Same-day courier (Lagos)', costMinor: 750_000, deliveryTimeDays: 0 },
} as const;

const catalogue: DemoProduct[] = [
  {
    slug: 'fingertip-pulse-oximeter',
    name: 'Fingertip pulse oximeter',
    description:
      'Clips onto a finger and shows your blood oxygen saturation (SpO2) and pulse within seconds on a bright display that reads well in daylight. Sit still, keep your hand warm and at heart level, and wait for the numbers to settle before you note them. Runs on two AAA batteries, included.',
    priceMinor: 1_850_000,
    stock: 40,
    shipping: ['standard', 'express', 'sameDay'],
  },
  {
    slug: 'upper-arm-blood-pressure-monitor',
    name: 'Upper-arm blood pressure monitor',
    description:
      'An automatic monitor with a soft cuff for arms of 22 to 42 cm. One button starts a reading of systolic and diastolic pressure and pulse; the last 60 readings are kept for two people. Measure seated, back supported, feet flat, after five quiet minutes, at the same times each day.',
    priceMinor: 4_200_000,
    stock: 25,
    shipping: ['standard', 'express', 'sameDay'],
  },
  {
    slug: 'glucometer-starter-kit',
    name: 'Glucometer starter kit',
    description:
      'A blood glucose meter with a lancing device, 10 lancets and 10 test strips in a zip case. Results in 5 seconds from a small drop of blood, shown in mg/dL or mmol/L. Wash and dry your hands first: sugar on the skin gives falsely high readings.',
    priceMinor: 2_800_000,
    stock: 30,
    shipping: ['standard', 'express'],
  },
  {
    slug: 'glucose-test-strips-50',
    name: 'Glucose test strips, 50',
    description:
      'Fifty test strips for the glucometer starter kit, in a sealed tube with a desiccant cap. Close the tube at once after taking a strip, and use the strips before the date printed on the tube: damp or old strips read wrongly.',
    priceMinor: 1_500_000,
    stock: 60,
    shipping: ['standard', 'express'],
  },
  {
    slug: 'sterile-lancets-100',
    name: 'Sterile lancets, 100',
    description:
      'Single-use, twist-off lancets that fit the starter kit’s lancing device. Use each one once and put it in a sharps container or a thick plastic bottle with a lid.',
    priceMinor: 450_000,
    stock: 80,
    shipping: ['standard'],
  },
  {
    slug: 'digital-thermometer',
    name: 'Digital thermometer',
    description:
      'A flexible-tip thermometer for mouth or armpit that beeps when the reading is done, in about 10 seconds. Shows °C or °F and remembers the last reading. Wait 15 minutes after eating or drinking before a reading by mouth.',
    priceMinor: 650_000,
    stock: 75,
    shipping: ['standard', 'express', 'sameDay'],
  },
  {
    slug: 'infrared-forehead-thermometer',
    name: 'Infrared forehead thermometer',
    description:
      'Reads temperature from the forehead in one second, without touching, which helps with sleeping children. Hold it 3 to 5 cm from a dry forehead; a colour light warns of a fever. Keeps 32 readings.',
    priceMinor: 2_400_000,
    stock: 4,
    shipping: ['standard', 'express'],
  },
  {
    slug: 'peak-flow-meter',
    name: 'Peak flow meter',
    description:
      'Measures how fast you can blow air out, a simple way to follow asthma at home between lung function tests. Stand up, take the deepest breath you can, and blow as hard and fast as you can; note the best of three. Comes with a diary to chart your readings.',
    priceMinor: 1_950_000,
    stock: 18,
    shipping: ['standard', 'express'],
  },
  {
    slug: 'digital-bathroom-scale',
    name: 'Digital bathroom scale',
    description:
      'A tempered-glass scale weighing up to 180 kg in 100 g steps. Weigh yourself at the same time of day, on a hard floor, in light clothes; with your height in your profile, Vitalia turns the weight into your BMI.',
    priceMinor: 2_200_000,
    stock: 22,
    shipping: ['standard', 'sameDay'],
  },
  {
    slug: 'home-cholesterol-test-kit',
    name: 'Home cholesterol test kit',
    description:
      'A meter and 10 strips that read total cholesterol from a fingertip drop of blood in about 3 minutes. A home reading is a useful guide between checks with your doctor, not a replacement for a full lipid profile.',
    priceMinor: 3_200_000,
    stock: 0,
    shipping: ['standard', 'express'],
  },
  {
    slug: 'weekly-pill-organiser',
    name: 'Weekly pill organiser',
    description:
      'Seven days, morning and evening, in snap-shut compartments with large letters. Filling it once a week makes a missed or doubled dose easy to see.',
    priceMinor: 550_000,
    stock: 50,
    shipping: ['standard', 'express', 'sameDay'],
  },
  {
    slug: 'home-first-aid-kit',
    name: 'Home first aid kit',
    description:
      'Plasters in several sizes, sterile gauze, bandages, tape, antiseptic wipes, tweezers, scissors, gloves and a foil blanket in a clearly marked case, with a leaflet on what each is for.',
    priceMinor: 1_550_000,
    stock: 35,
    shipping: ['standard', 'express', 'sameDay'],
  },
];

export const storeCatalogueStep: DemoContentStep = {
  name: 'store-catalogue-v1',
  async load(db) {
    for (const item of catalogue) {
      const [made] = await db
        .insert(products)
        .values({
          slug: item.slug,
          name: item.name,
          description: item.description,
          priceMinor: item.priceMinor,
          stock: item.stock,
          image: `/store/${item.slug}.svg`,
        })
        .returning({ id: products.id });
      if (!made) throw new Error(`demo product ${item.slug} was not inserted`);
      await db
        .insert(shippingOptions)
        .values(item.shipping.map((kind) => ({ productId: made.id, ...shippingMethods[kind] })));
    }
  },
};

export const demoProductSlugs = catalogue.map((item) => item.slug);
