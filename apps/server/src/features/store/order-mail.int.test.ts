// The store keeps its promise to mail (docs/decisions/0023-order-mail.md): a receipt when an order
// is placed, then one mail per step, each once, against a real SMTP peer; a step the order cannot
// take sends nothing, and a mail server that is down fails no step. Every mail goes to the
// account's own address, never to the contact address typed on the order.
import crypto from 'node:crypto';
import net from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadDemoContent } from '../../db/demo-content.ts';
import { users } from '../../db/schema/identity.table.ts';
import { startSmtpPeer, type SmtpPeer } from '../../test/smtp-peer.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import {
  call,
  registerAndConfirm,
  confirmedAccount,
  signedInAccount,
  type SignedInAccount,
} from '../../test/test-calls.ts';
import { storeCatalogueStep } from './demo-catalogue.ts';

interface Listed {
  productID: string;
  slug: string;
  shippings: Array<{ shippingMethod: string; shippingCostID: string }>;
}

let server: TestApp;
let peer: SmtpPeer;
let admin: SignedInAccount;
let catalogue: Map<string, Listed>;

beforeAll(async () => {
  peer = await startSmtpPeer();
  server = await createTestApp({ smtpUrl: peer.url, trustProxy: true });
  await loadDemoContent(server.app.database.db, [storeCatalogueStep]);
  const list = await call<{ items: Listed[] }>(server, 'GET', '/api/v1/store/products?limit=100');
  catalogue = new Map(list.body.items.map((item) => [item.slug, item]));
  admin = await signedInAccount(server);
  await server.app.database.db
    .update(users)
    .set({ role: 'ADMIN' })
    .where(eq(users.id, admin.userId));
});
afterAll(async () => {
  await server.close();
  await peer.close();
});

const oximeter = () => catalogue.get('fingertip-pulse-oximeter')!;

/** Who placed each order: a new account per order, signed in with the address its mail goes to. */
const owners = new Map<string, SignedInAccount>();
let registered = 0;

async function accountNamed(email: string): Promise<SignedInAccount> {
  registered += 1;
  const made = await registerAndConfirm(
    server,
    email,
    'a sound passphrase 42',
    `10.23.0.${registered}`,
  );
  return { userId: made.userID, token: made.token };
}

/** The contact address typed on an order: someone else's, which must never be mailed. */
const typedContact = (email: string) => `typed.${email}`;

async function place(fulfilment: 'pickup' | 'delivery', email: string) {
  const item = oximeter();
  const buyer = await accountNamed(email);
  const answer = await call<{ orderID: string }>(server, 'POST', '/api/v1/store/orders', {
    token: buyer.token,
    headers: { 'idempotency-key': crypto.randomUUID() },
    body: {
      items: [
        {
          productID: item.productID,
          count: 2,
          ...(fulfilment === 'delivery'
            ? { shippingCostID: item.shippings[0]!.shippingCostID }
            : {}),
        },
      ],
      fulfilment,
      contact: {
        firstName: 'Ngozi',
        surname: 'Adeyemi',
        phone: '+234 803 555 0101',
        email: typedContact(email),
      },
      ...(fulfilment === 'delivery'
        ? { delivery: { address: '12 Admiralty Way', city: 'Lekki', state: 'Lagos' } }
        : {}),
    },
  });
  expect(answer.status).toBe(201);
  owners.set(answer.body.orderID, buyer);
  return answer.body.orderID;
}

const move = (id: string, status: string) =>
  call(server, 'POST', `/api/v1/store/admin/orders/${id}/status`, {
    token: admin.token,
    body: { status },
  });

const number = (id: string) => id.replaceAll('-', '').slice(0, 8).toUpperCase();
/** The store's mail to an address (the link that made the new account is not the store's). */
const mailsTo = (to: string) =>
  peer.received.filter(
    (mail) => mail.to.includes(to) && !/^Subject: Finish creating your Vitalia/m.test(mail.raw),
  );
/** The Subject header as read: unfolded, its encoded words (RFC 2047: ₦ is one) decoded. */
const subjectOf = (raw: string) => {
  const folded = /^Subject: (.*(?:\r?\n[ \t].*)*)/m.exec(raw)?.[1] ?? '';
  return folded
    .replace(/\r?\n[ \t]/g, ' ')
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?utf-8\?([qb])\?([^?]*)\?=/gi, (_word, kind: string, text: string) =>
      kind.toLowerCase() === 'b'
        ? Buffer.from(text, 'base64').toString('utf8')
        : Buffer.from(
            text
              .replaceAll('_', ' ')
              .replace(/=([0-9a-f]{2})/gi, (_hex, hex: string) =>
                String.fromCharCode(parseInt(hex, 16)),
              ),
            'latin1',
          ).toString('utf8'),
    )
    .trim();
};
/** The mail to an address whose subject matches, once it has come. */
async function mailWithSubject(to: string, subject: RegExp) {
  for (let i = 0; i < 100; i += 1) {
    const found = mailsTo(to).find((mail) => subject.test(subjectOf(mail.raw)));
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no mail to ${to} with a subject matching ${subject}`);
}

describe('the store’s mail', () => {
  it('says what to pay at pickup, then ready to collect with the place and hours, then collected: each once', async () => {
    const to = `pickup.${Date.now()}@example.com`;
    const id = await place('pickup', to);
    // Nothing is paid yet: the mail is no receipt (docs/decisions/0013-store-web.md, amendment of
    // 2026-11-29).
    const receipt = await mailWithSubject(to, /is placed: pay ₦39,775\.00 at pickup$/);
    // Nobody else is mailed, whatever address was typed on the order.
    expect(mailsTo(typedContact(to))).toEqual([]);
    const text = receipt.decoded.replace(/\r\n/g, '\n');
    expect(text).toContain(`Order ${number(id)}`);
    expect(text).toContain('Fingertip pulse oximeter x 2: ₦37,000.00');
    expect(text).toContain('Products (2 items): ₦37,000.00');
    expect(text).toContain('Pickup: Free');
    expect(text).toContain('VAT (7.5%): ₦2,775.00');
    expect(text).toContain('Total: ₦39,775.00');
    expect(text).toContain(
      'We mail you again when it is ready to collect at 14 Admiralty Way, Lekki Phase 1, Lagos (Monday to Saturday, 09:00 to 18:00). You pay ₦39,775.00 when you collect it.',
    );
    expect(text).toContain(`http://localhost:3000/store/orders/${id}`);

    expect((await move(id, 'ready_for_pickup')).status).toBe(200);
    const ready = await peer.waitFor(to, /^Subject: .* is ready to collect/m);
    expect(ready.decoded.replace(/\r\n/g, '\n')).toContain(
      'Collect it at 14 Admiralty Way, Lekki Phase 1, Lagos, Monday to Saturday, 09:00 to 18:00.',
    );
    expect((await move(id, 'collected')).status).toBe(200);
    await peer.waitFor(to, /^Subject: You collected/m);
    // A step the order cannot take sends nothing.
    expect((await move(id, 'cancelled')).status).toBe(409);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(mailsTo(to).map((mail) => subjectOf(mail.raw))).toEqual([
      `Your Vitalia order ${number(id)} is placed: pay ₦39,775.00 at pickup`,
      `Your Vitalia order ${number(id)} is ready to collect`,
      `You collected your Vitalia order ${number(id)}`,
    ]);
  });

  it('shows delivery on a line of its own, then shipped and delivered', async () => {
    const to = `delivery.${Date.now()}@example.com`;
    const id = await place('delivery', to);
    const receipt = (
      await mailWithSubject(to, /is placed: pay ₦42,462\.50 on delivery$/)
    ).decoded.replace(/\r\n/g, '\n');
    expect(receipt).toContain('Fingertip pulse oximeter x 2: ₦37,000.00');
    expect(receipt).toContain('Products (2 items): ₦37,000.00');
    expect(receipt).toContain('Standard delivery (5 days): ₦2,500.00');
    expect(receipt).toContain('VAT (7.5%): ₦2,962.50');
    expect(receipt).not.toContain('Pickup');
    expect(receipt).toContain(
      'We deliver it to 12 Admiralty Way, Lekki, Lagos and mail you when it is on its way.',
    );
    await move(id, 'shipped');
    await peer.waitFor(to, /is on its way to 12 Admiralty Way/);
    await move(id, 'delivered');
    await peer.waitFor(to, /Your order was delivered/);
  });

  it('says a cancelled order owes nothing and its stock went back', async () => {
    const to = `cancel.${Date.now()}@example.com`;
    const id = await place('pickup', to);
    await mailWithSubject(to, /is placed: pay ₦/);
    expect((await move(id, 'cancelled')).status).toBe(200);
    const cancelled = await peer.waitFor(to, /^Subject: .* is cancelled/m);
    expect(cancelled.decoded).toContain('What you ordered went back on the shelf.');
    expect(cancelled.decoded).toContain('You owe nothing.');
  });
});

describe('a customer cancelling their own order', () => {
  const stockOf = async () => {
    const answer = await call<{ stock: { available: number } }>(
      server,
      'GET',
      `/api/v1/store/products/${oximeter().productID}`,
    );
    return answer.body.stock.available;
  };
  const cancel = (id: string, account: SignedInAccount = owners.get(id)!) =>
    call<{ status: string; errors?: string[] }>(
      server,
      'POST',
      `/api/v1/store/orders/${id}/cancel`,
      { token: account.token },
    );

  it('cancels a placed order, returns its stock and mails them; not someone else’s, not twice', async () => {
    const to = `self.cancel.${Date.now()}@example.com`;
    const before = await stockOf();
    const id = await place('pickup', to);
    expect(await stockOf()).toBe(before - 2);
    const stranger = await signedInAccount(server);
    expect((await cancel(id, stranger)).status).toBe(404);

    const cancelled = await cancel(id);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.status).toBe('cancelled');
    expect(await stockOf()).toBe(before);
    await peer.waitFor(to, /^Subject: .* is cancelled/m);
    const again = await cancel(id);
    expect(again.status).toBe(409);
    expect(again.body.errors).toEqual(['This order is already cancelled.']);
  });

  it('refuses once the order is on its way, with what to do instead', async () => {
    const id = await place('delivery', `shipped.${Date.now()}@example.com`);
    await move(id, 'shipped');
    const refused = await cancel(id);
    expect(refused.status).toBe(409);
    expect(refused.body.errors).toEqual([
      'This order is shipped, so it can no longer be cancelled here. Contact the store if you need to.',
    ]);
  });

  it('leaves one outcome when a cancel races the administrator’s move, and two cancels race', async () => {
    const before = await stockOf();
    const raced = await place('delivery', `race.${Date.now()}@example.com`);
    const [mine, theirs] = await Promise.all([cancel(raced), move(raced, 'shipped')]);
    expect([mine.status, theirs.status].sort()).toEqual([200, 409]);
    const twice = await place('pickup', `twice.${Date.now()}@example.com`);
    const answers = await Promise.all([cancel(twice), cancel(twice)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    // The stock is back exactly once for each cancelled order.
    expect(await stockOf()).toBe(before - (mine.status === 200 ? 0 : 2));
  });
});

describe('recording payment', () => {
  const pay = (id: string, account: SignedInAccount = admin) =>
    call<{
      payment: { status: string; paidAt: string | null; refundedAt: string | null };
      errors?: string[];
    }>(server, 'POST', `/api/v1/store/admin/orders/${id}/payment`, { token: account.token });

  it('makes a delivered order paid, by an administrator only, once', async () => {
    const id = await place('delivery', `pay.${Date.now()}@example.com`);
    await move(id, 'shipped');
    await move(id, 'delivered');
    expect((await pay(id, owners.get(id)!)).status).toBe(403);
    const paid = await pay(id);
    expect(paid.status).toBe(200);
    expect(paid.body.payment.status).toBe('paid');
    expect(Date.parse(paid.body.payment.paidAt!)).not.toBeNaN();
    const again = await pay(id);
    expect(again.status).toBe(409);
    expect(again.body.errors).toEqual(['The payment of this order is already recorded.']);
  });

  it('records a refund when an order paid at the counter is cancelled, and the mail says so', async () => {
    const to = `refund.${Date.now()}@example.com`;
    const id = await place('pickup', to);
    expect((await pay(id)).status).toBe(200);
    const cancelled = await move(id, 'cancelled');
    expect(cancelled.status).toBe(200);
    const order = cancelled.body as { payment: { status: string; refundedAt: string | null } };
    expect(order.payment.status).toBe('refunded');
    expect(Date.parse(order.payment.refundedAt!)).not.toBeNaN();
    const mail = await peer.waitFor(to, /^Subject: .* is cancelled/m);
    expect(mail.decoded).toContain(
      'You paid ₦39,775.00: we refund it, and mail you when it is done.',
    );
    const refused = await pay(id);
    expect(refused.status).toBe(409);
    expect(refused.body.errors).toEqual(['This order is cancelled: nothing is owed.']);
  });
});

describe('the store while the mail server is down', () => {
  it('places and moves orders all the same, and says in the log that the mail will be retried', async () => {
    const probe = net.createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const { port } = probe.address() as net.AddressInfo;
    await new Promise<void>((resolve) => probe.close(() => resolve()));
    const down = await createTestApp({ smtpUrl: `smtp://127.0.0.1:${port}`, trustProxy: true });
    try {
      await loadDemoContent(down.app.database.db, [storeCatalogueStep]);
      const list = await call<{ items: Listed[] }>(down, 'GET', '/api/v1/store/products?limit=5');
      const buyer = await confirmedAccount(down);
      const placed = await call<{ orderID: string }>(down, 'POST', '/api/v1/store/orders', {
        token: buyer.token,
        headers: { 'idempotency-key': crypto.randomUUID() },
        body: {
          items: [{ productID: list.body.items[0]!.productID, count: 1 }],
          fulfilment: 'pickup',
          contact: {
            firstName: 'Ngozi',
            surname: 'Adeyemi',
            phone: '+234 803 555 0101',
            email: 'down@example.com',
          },
        },
      });
      expect(placed.status).toBe(201);
      await expect
        .poll(
          () =>
            down.logs.some(
              (line) =>
                line.msg === 'mail failed; will retry' &&
                (line.mail as { purpose?: string }).purpose === 'order-update',
            ),
          { timeout: 10_000 },
        )
        .toBe(true);
    } finally {
      await down.close();
    }
  });
});
