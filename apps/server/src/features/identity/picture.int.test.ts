import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { imageDecodes } from '../../lib/image-upload.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { call, registerAccount, type Account } from './identity.test-helpers.ts';

let server: TestApp;
let account: Account;
beforeAll(async () => {
  server = await createTestApp({ trustProxy: true });
  account = await registerAccount(server);
});
afterAll(() => server.close());

function upload(
  content: Buffer,
  { name = 'me.png', type = 'image/png', field = 'file', token = account.token } = {},
) {
  const form = new FormData();
  form.append(field, new Blob([new Uint8Array(content)], { type }), name);
  return server.request('/api/v1/identity/profile/picture', {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
}

/** A photo with camera metadata, as phones write them. */
function photo(width: number, height: number): Promise<Buffer> {
  return sharp({
    create: { width, height, channels: 3, background: { r: 30, g: 120, b: 200 } },
  })
    .jpeg()
    .withExif({ IFD0: { Make: 'SecretCam', Copyright: 'GPS 51.5,-0.12' } })
    .toBuffer();
}

/** A tiny PNG whose header claims an enormous size: a decompression bomb in spirit. */
function pixelFlood(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(2, 9); // colour type: RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(Buffer.alloc(64))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

describe('the profile picture', () => {
  it('is re-encoded as a square WebP of at most 512 px with no metadata, under a server-made name', async () => {
    const response = await upload(await photo(1200, 800), {
      name: '../../etc/passwd.jpg',
      type: 'image/jpeg',
    });
    expect(response.status).toBe(200);
    const profile = (await response.json()) as { displayPicture: string };
    expect(profile.displayPicture).toMatch(/^\/uploads\/avatars\/[0-9a-f-]{36}\.webp$/);

    const picture = await server.request(profile.displayPicture);
    expect(picture.status).toBe(200);
    expect(picture.headers.get('content-type')).toBe('image/webp');
    const bytes = Buffer.from(await picture.arrayBuffer());
    const metadata = await sharp(bytes).metadata();
    expect(metadata).toMatchObject({ format: 'webp', width: 512, height: 512 });
    expect(metadata.exif).toBeUndefined();
    expect(bytes.includes(Buffer.from('SecretCam'))).toBe(false);

    const read = await call(server, 'GET', '/api/v1/identity/profile', { token: account.token });
    expect(read.body.displayPicture).toBe(profile.displayPicture);
  });

  it('replaces the previous picture, which is then gone', async () => {
    const first = (await (await upload(await photo(300, 300))).json()) as {
      displayPicture: string;
    };
    const second = (await (await upload(await photo(200, 260))).json()) as {
      displayPicture: string;
    };
    expect(second.displayPicture).not.toBe(first.displayPicture);
    expect((await server.request(first.displayPicture)).status).toBe(404);
    const small = await sharp(
      Buffer.from(await (await server.request(second.displayPicture)).arrayBuffer()),
    ).metadata();
    // A small picture is not blown up.
    expect([small.width, small.height]).toEqual([200, 200]);
  });

  it('refuses a text file named .png, by its content', async () => {
    const before = await call(server, 'GET', '/api/v1/identity/profile', { token: account.token });
    const response = await upload(Buffer.from('just some text, honestly'), { name: 'me.png' });
    expect(response.status).toBe(415);
    expect(await response.json()).toEqual({
      errors: ['Picture: must be a JPEG, PNG or WebP image.'],
      details: [
        { code: 'UNSUPPORTED_PICTURE', message: 'Picture: must be a JPEG, PNG or WebP image.' },
      ],
    });
    const after = await call(server, 'GET', '/api/v1/identity/profile', { token: account.token });
    expect(after.body.displayPicture).toBe(before.body.displayPicture);
  });

  it('refuses an image in another format (GIF)', async () => {
    const gif = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#fff' } })
      .gif()
      .toBuffer();
    const response = await upload(gif, { name: 'me.gif', type: 'image/gif' });
    expect(response.status).toBe(415);
  });

  it('refuses a file over 2 MB with 413', async () => {
    const big = Buffer.concat([await photo(64, 64), Buffer.alloc(2 * 1024 * 1024 + 10, 1)]);
    const response = await upload(big, { name: 'big.jpg', type: 'image/jpeg' });
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({
      errors: ['Picture: must be at most 2 MB.'],
      details: [{ code: 'PICTURE_TOO_LARGE', message: 'Picture: must be at most 2 MB.' }],
    });
  });

  it('refuses a pixel flood before decoding it', async () => {
    const bomb = pixelFlood(9_000, 9_000);
    expect(bomb.length).toBeLessThan(200);
    const response = await upload(bomb);
    expect(response.status).toBe(413);
    expect(((await response.json()) as { errors: string[] }).errors[0]).toMatch(/megapixels/);
  });

  it('refuses a strip of a picture (1 x 40,000,000) by its shape, before decoding it', async () => {
    for (const [width, height] of [
      [1, 40_000_000],
      [12_000, 100],
      [4000, 150],
    ] as const) {
      const response = await upload(pixelFlood(width, height));
      expect(response.status, `${width} x ${height}`).toBe(413);
      expect(((await response.json()) as { errors: string[] }).errors).toEqual([
        'Picture: its shape cannot be used; each side must be at most 10,000 px and the longer at most 20 times the shorter.',
      ]);
    }
  });

  it('takes at most 30 uploads an hour from one account, then answers 429', async () => {
    const busy = await registerAccount(server);
    const small = await photo(40, 40);
    const statuses: number[] = [];
    for (let n = 0; n < 31; n += 1) {
      statuses.push((await upload(small, { token: busy.token, type: 'image/jpeg' })).status);
    }
    expect(statuses.slice(0, 30).every((status) => status === 200)).toBe(true);
    expect(statuses[30]).toBe(429);
    const other = await upload(small, { type: 'image/jpeg' });
    expect(other.status).toBe(200);
  });

  it('says how to send it when the body is not multipart, or the field is misnamed', async () => {
    const json = await call(server, 'POST', '/api/v1/identity/profile/picture', {
      body: { file: 'data:image/png;base64,AAAA' },
      token: account.token,
    });
    expect(json.status).toBe(415);
    expect(json.body.errors).toEqual([
      'Picture: send it as multipart/form-data, in a field named file.',
    ]);
    const misnamed = await upload(await photo(50, 50), { field: 'avatar' });
    expect(misnamed.status).toBe(400);
  });

  it('refuses a multipart body that is cut short with 400, not a 500', async () => {
    const whole = Buffer.from(
      '--cut\r\nContent-Disposition: form-data; name="file"; filename="me.png"\r\n' +
        'Content-Type: image/png\r\n\r\n\x89PNG\r\n\x1a\n',
      'latin1',
    );
    const response = await server.request('/api/v1/identity/profile/picture', {
      method: 'POST',
      headers: {
        authorization: `Bearer ${account.token}`,
        'content-type': 'multipart/form-data; boundary=cut',
      },
      body: whole,
    });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { errors: string[] }).errors).toEqual([
      'Picture: the multipart/form-data body is malformed or cut short; send the file again.',
    ]);
  });

  it('needs a session', async () => {
    const response = await upload(await photo(50, 50), { token: 'nope' });
    expect(response.status).toBe(401);
  });

  it('is not served for a name that tries to leave the folder', async () => {
    expect((await server.request('/uploads/avatars/..%2F..%2Fsecrets.json')).status).toBe(404);
  });
});

describe('while pictures are being decoded', () => {
  let site: TestApp;
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'vitalia-web-dist-'));
  beforeAll(async () => {
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Vitalia</title>');
    site = await createTestApp({ trustProxy: true, webDistDir: dist });
  });
  afterAll(async () => {
    await site.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it('still serves the web app', async () => {
    const person = await registerAccount(site);
    // 40 megapixels each: the largest a picture may be, and slow to decode.
    const large = await sharp({
      create: { width: 8000, height: 4999, channels: 3, background: { r: 200, g: 90, b: 40 } },
    })
      .png()
      .toBuffer();
    const send = () => {
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(large)], { type: 'image/png' }), 'big.png');
      return site.request('/api/v1/identity/profile/picture', {
        method: 'POST',
        headers: { authorization: `Bearer ${person.token}` },
        body: form,
      });
    };
    const finished: string[] = [];
    const uploads = Array.from({ length: 6 }, (_, n) =>
      send().then((response) => {
        finished.push(`upload ${n}`);
        return response;
      }),
    );
    while (imageDecodes().running === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    const page = await site.request('/');
    finished.push('page');
    expect(page.status).toBe(200);
    const answers = await Promise.all(uploads);
    // The page was answered while decodes were still under way, and every upload was decoded in
    // its turn (the refusal of uploads past the waiting line is decode-slots.test.ts's).
    expect(finished.indexOf('page')).toBeLessThan(finished.length - 1);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200, 200]);
  });
});
