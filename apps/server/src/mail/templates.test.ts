// Every mail, rendered with sample values: each has a subject, a text part and an HTML part that
// fits a phone, says every value it was given, and leaves nothing unfilled. The samples are typed
// by the templates, so a new template without a sample does not compile.
import type { Order } from '@vitalia/api/store.contract';
import { describe, expect, it } from 'vitest';
import type { MailSite } from './site.ts';
import { mailPurposes, renderMail, type MailOrder, type MailPurpose } from './templates.ts';

const site: MailSite = { publicUrl: 'https://vitalia.example', emergencyNumber: '112' };
const at = new Date('2026-12-03T19:25:00Z');

const order: Order = {
  orderID: '9f1c2b3a-4d5e-4f60-8a7b-0c1d2e3f4a5b',
  status: 'placed',
  fulfilment: 'delivery',
  currency: 'NGN',
  vatRate: 7.5,
  lines: [
    {
      productID: 'p1',
      productName: 'Fingertip pulse oximeter',
      productImage: null,
      count: 2,
      price: 1_850_000,
      formattedPrice: '₦18,500.00',
      shippingCostID: 's1',
      shippingMethod: 'Standard delivery',
      shippingCost: 250_000,
      itemAmount: 3_700_000,
      formattedAmount: '₦37,000.00',
    },
  ],
  productsAmount: 3_700_000,
  formattedProductsAmount: '₦37,000.00',
  deliveries: [
    {
      shippingMethod: 'Standard delivery',
      cost: 250_000,
      costFormatted: '₦2,500.00',
      deliveryTimeDays: 5,
      productIDs: ['p1'],
    },
  ],
  shippingAmount: 250_000,
  formattedShippingAmount: '₦2,500.00',
  amount: 3_950_000,
  formattedAmount: '₦39,500.00',
  vat: 296_250,
  formattedVat: '₦2,962.50',
  total: 4_246_250,
  formattedTotal: '₦42,462.50',
  payment: { method: 'on_delivery', status: 'unpaid' },
  contact: {
    firstName: 'Ada',
    surname: 'Obi',
    phone: '+234 801 234 5678',
    email: 'ada@example.com',
  },
  delivery: { address: '12 Marina Road', city: 'Lagos', state: 'Lagos' },
  history: [{ status: 'placed', at: at.toISOString() }],
  createdAt: at.toISOString(),
  updatedAt: at.toISOString(),
};

const samples: { [P in MailPurpose]: Extract<MailOrder, { template: P }>['values'] } = {
  'verify-email': { token: 'verify-token-123', usefulUntil: at },
  'reset-password': { token: 'reset-token-456', usefulUntil: at },
  'providers-removed': { providers: ['linkedin'], because: 'password reset' },
  'account-change': { change: 'two-factor on', at, device: 'Chrome on Android', ip: '203.0.113.7' },
  'deletion-started': { purgeAfter: at },
  'registration-tried': { at, deletionOn: at },
  'confirm-registration': { token: 'confirm-token-123', usefulUntil: at },
  'account-deleted': {},
  'share-invite': { patientName: 'Ada Obi', doctorHasAccount: false },
  'first-look': { who: 'Dr Bello', kind: 'doctor', at },
  reminder: {
    measure: 'bloodPressure',
    time: '08:00',
    days: [1, 3, 5],
    timeZone: 'Africa/Lagos',
    stopToken: 'stop-token-789',
    usefulUntil: at,
  },
  'weekly-summary': {
    week: {
      from: new Date('2026-11-23T07:00:00Z'),
      to: new Date('2026-11-30T07:00:00Z'),
      measures: [
        {
          measure: 'bloodPressure',
          count: 2,
          summary: '2 readings, average 124/80 mmHg',
          change: 'High, then Normal',
          urgent: [],
        },
        {
          measure: 'oxygen',
          count: 1,
          summary: 'one reading, 91 %',
          change: null,
          urgent: [
            {
              takenAt: new Date('2026-11-25T09:10:00Z'),
              reading: '91 %',
              result: 'Low',
              firstAction: 'Sit upright and measure again in 5 minutes.',
            },
          ],
        },
      ],
      unread: ['bmi', 'mood'],
    },
    timeZone: 'Africa/Lagos',
    stopToken: 'stop-token-abc',
  },
  'order-update': {
    order,
    step: 'placed',
    pickup: { address: '5 Broad Street, Lagos', hours: 'Monday to Saturday, 9:00 to 18:00' },
  },
};

/** Signs that a value was never filled in, or filled in with something that is not text. */
const unfilled = /undefined|null|NaN|\[object Object\]|\$\{|\{\{|Invalid Date/;

const to = 'ada@example.com';
const orderSteps = [
  'placed',
  'ready_for_pickup',
  'shipped',
  'delivered',
  'collected',
  'cancelled',
] as const;
const pickupOrder: Order = {
  ...order,
  fulfilment: 'pickup',
  delivery: null,
  deliveries: [],
  payment: { method: 'at_pickup', status: 'paid', paidAt: at.toISOString() },
};
const accountChanges = [
  'password changed',
  'password reset',
  'two-factor on',
  'two-factor off',
  'recovery code used',
  'linkedin connected',
  'linkedin removed',
] as const;

/** Each template with its sample, then the variants its words branch on. */
const cases: Array<[string, MailOrder]> = [
  ...mailPurposes.map((purpose): [string, MailOrder] => [
    purpose,
    { to, template: purpose, values: samples[purpose] } as MailOrder,
  ]),
  ...orderSteps.flatMap((step): Array<[string, MailOrder]> => [
    [
      `order-update, delivery, ${step}`,
      { to, template: 'order-update', values: { ...samples['order-update'], step } },
    ],
    [
      `order-update, pickup, ${step}`,
      {
        to,
        template: 'order-update',
        values: { ...samples['order-update'], order: pickupOrder, step },
      },
    ],
  ]),
  ...accountChanges.map((change): [string, MailOrder] => [
    `account-change, ${change}`,
    { to, template: 'account-change', values: { ...samples['account-change'], change } },
  ]),
  [
    'first-look, link',
    { to, template: 'first-look', values: { who: 'For Dr Bello', kind: 'link', at } },
  ],
  [
    'share-invite, doctor with an account',
    { to, template: 'share-invite', values: { patientName: 'Ada Obi', doctorHasAccount: true } },
  ],
  [
    'providers-removed, email confirmed',
    {
      to,
      template: 'providers-removed',
      values: { providers: ['linkedin'], because: 'email confirmed' },
    },
  ],
];

describe('every mail template', () => {
  it.each(cases)('%s renders a subject, text and a phone-sized HTML part', (purpose, request) => {
    const mail = renderMail(request, site);
    expect(mail.to).toBe('ada@example.com');
    expect(mail.subject.trim().length).toBeGreaterThan(10);
    expect(mail.text.trim().length).toBeGreaterThan(40);
    expect(mail.html).toContain(
      '<meta name="viewport" content="width=device-width, initial-scale=1">',
    );
    expect(mail.html).toContain('<html lang="en">');
    for (const part of [mail.subject, mail.text, mail.html]) expect(part).not.toMatch(unfilled);
    // Every link in the text part points at the site.
    for (const link of mail.text.match(/https?:\/\/\S+/g) ?? []) {
      expect(link.startsWith(site.publicUrl)).toBe(true);
    }
    // The HTML says what the text says: its words, in the same order, and every link.
    const shown = mail.html
      .replace(/<head>[\s\S]*<\/head>/, '')
      .replace(/<[^>]+>/g, ' ')
      .replaceAll('&lt;', '<')
      .replaceAll('&gt;', '>')
      .replaceAll('&quot;', '"')
      .replaceAll('&#39;', "'")
      .replaceAll('&amp;', '&');
    const links = mail.text.match(/https?:\/\/\S+/g) ?? [];
    for (const link of links)
      expect(mail.html).toContain(`href="${link.replaceAll('&', '&amp;')}"`);
    const wordsOf = (text: string) =>
      text
        .replace(/https?:\/\/\S+/g, ' ')
        .split(/\s+/)
        .map((word) => word.replace(/^- $|:$/, ''))
        .filter((word) => word && word !== '-');
    const htmlWords = wordsOf(shown);
    let at = 0;
    for (const word of wordsOf(mail.text)) {
      const found = htmlWords.indexOf(word, at);
      expect(
        found,
        `the HTML of ${purpose} lacks "${word}" after word ${at}`,
      ).toBeGreaterThanOrEqual(0);
      at = found + 1;
    }
  });

  it('escapes what a person typed, so a name cannot add markup or links', () => {
    const mail = renderMail(
      {
        to: 'doctor@example.com',
        template: 'share-invite',
        values: { patientName: '<a href="https://evil.example">Ada</a>', doctorHasAccount: true },
      },
      site,
    );
    expect(mail.html).not.toContain('<a href="https://evil.example">');
    // A name that carries an address is not shown at all.
    expect(mail.text).not.toContain('evil.example');
    const markup = renderMail(
      {
        to: 'doctor@example.com',
        template: 'share-invite',
        values: { patientName: '<b>Ada</b> & "Obi"', doctorHasAccount: true },
      },
      site,
    );
    expect(markup.html).not.toContain('<b>Ada</b>');
    expect(markup.html).toContain('&lt;b&gt;Ada&lt;/b&gt; &amp; &quot;Obi&quot;');
  });

  it('never puts a name a person typed in a subject, and quotes and cuts it in the body', () => {
    const bait = 'Your Vitalia account is suspended. Verify now at';
    const mail = renderMail(
      {
        to: 'doctor@example.com',
        template: 'share-invite',
        values: { patientName: `${bait} ${'x'.repeat(80)}`, doctorHasAccount: true },
      },
      site,
    );
    expect(mail.subject).toBe('A patient would like to share their Vitalia readings with you');
    expect(mail.text).toContain(
      `a Vitalia user who gives their name as \u201c${bait} xxxxxxxxxxx…\u201d`,
    );
    expect(mail.text).not.toContain('x'.repeat(13));
    // The mail's own words come first; the name only ever appears inside them, quoted.
    expect(mail.text.startsWith('You have been invited by a Vitalia user')).toBe(true);
  });

  it('puts the one-click stop headers on mail that comes again', () => {
    for (const purpose of ['reminder', 'weekly-summary'] as const) {
      const mail = renderMail(
        { to: 'ada@example.com', template: purpose, values: samples[purpose] } as MailOrder,
        site,
      );
      expect(mail.headers).toEqual({
        'List-Unsubscribe': expect.stringMatching(
          /^<https:\/\/vitalia\.example\/api\/v1\/reminders\/unsubscribe\/stop-token-/,
        ),
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      });
    }
  });
});

describe('the order mails', () => {
  const placedMail = (
    values: Partial<Extract<MailOrder, { template: 'order-update' }>['values']>,
  ) =>
    renderMail(
      { to, template: 'order-update', values: { ...samples['order-update'], ...values } },
      site,
    );

  it('call an order paid on delivery placed, say what to pay and when, and never a receipt', () => {
    const mail = placedMail({ step: 'placed' });
    expect(mail.subject).toBe('Your Vitalia order 9F1C2B3A is placed: pay ₦42,462.50 on delivery');
    expect(mail.text).toContain('Thank you for your order. Nothing is paid yet');
    expect(mail.text).toContain('You pay ₦42,462.50 on delivery.');
    for (const part of [mail.subject, mail.text, mail.html]) expect(part).not.toMatch(/receipt/i);
  });

  it('call an order paid at pickup placed, with what to pay at pickup', () => {
    const unpaidPickup: Order = {
      ...pickupOrder,
      payment: { method: 'at_pickup', status: 'unpaid' },
    };
    const mail = placedMail({ order: unpaidPickup, step: 'placed' });
    expect(mail.subject).toBe('Your Vitalia order 9F1C2B3A is placed: pay ₦42,462.50 at pickup');
    expect(mail.text).toContain('Nothing is paid yet');
    expect(mail.text).toContain('You pay ₦42,462.50 when you collect it.');
    for (const part of [mail.subject, mail.text, mail.html]) expect(part).not.toMatch(/receipt/i);
  });

  it('call it a receipt once the order is paid', () => {
    const mail = placedMail({ order: pickupOrder, step: 'placed' });
    expect(mail.subject).toBe('Your Vitalia order 9F1C2B3A: your receipt');
    expect(mail.text).toContain('It is paid: here is your receipt.');
    expect(mail.text).not.toContain('Nothing is paid yet');
  });

  it('name the landmark and the second phone when the buyer gave them, and only then', () => {
    const withBoth: Order = {
      ...order,
      contact: { ...order.contact, secondPhone: '+234 809 555 0202' },
      delivery: { ...order.delivery!, landmark: 'opposite the First Bank' },
    };
    for (const step of ['placed', 'shipped'] as const) {
      const mail = placedMail({ order: withBoth, step });
      expect(mail.text).toContain('Deliver to: 12 Marina Road, Lagos, Lagos');
      expect(mail.text).toContain('Landmark: opposite the First Bank');
      expect(mail.text).toContain('Phone: +234 801 234 5678');
      expect(mail.text).toContain('Second phone: +234 809 555 0202');
      expect(mail.text).toContain('12 Marina Road (opposite the First Bank), Lagos, Lagos');
      expect(mail.html).toContain('opposite the First Bank');
    }
    const plain = placedMail({ step: 'placed' });
    expect(plain.text).toContain('Phone: +234 801 234 5678');
    expect(plain.text).not.toMatch(/Landmark|Second phone/);
    const pickup = placedMail({ order: pickupOrder, step: 'placed' });
    expect(pickup.text).not.toContain('Deliver to');
  });
});
