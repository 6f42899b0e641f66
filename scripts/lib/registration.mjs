// Registering an account against a running server as a person does: the register call, then the
// link of the mail it sends, opened, and the password chosen there
// (docs/decisions/0051-registration-confirmed-by-mail.md).
// For the bench and fault scripts, whose servers run without SMTP_URL and so write each mail to
// <DATA_DIR>/mail-outbox.
import fs from 'node:fs';
import path from 'node:path';

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** The token of the newest registration link mailed to `to`, waiting for it up to `timeoutMs`. */
export async function registrationLinkToken(dataDir, to, timeoutMs = 20_000) {
  const outbox = path.join(dataDir, 'mail-outbox');
  for (const deadline = Date.now() + timeoutMs; ;) {
    const files = fs.existsSync(outbox) ? fs.readdirSync(outbox).sort().reverse() : [];
    for (const file of files) {
      // Quoted-printable: soft line breaks joined, '=' written as =3D.
      const text = fs
        .readFileSync(path.join(outbox, file), 'utf8')
        .replace(/=\r?\n/g, '')
        .replaceAll('=3D', '=');
      if (!text.includes(`To: ${to}`)) continue;
      const token = /register\/confirm#token=([\w-]+)/.exec(text)?.[1];
      if (token) return token;
    }
    if (Date.now() > deadline) throw new Error(`no registration link was mailed to ${to}`);
    await sleep(50);
  }
}

/**
 * Registers `username` on the server at `base` and opens the mailed link; answers the confirm
 * call's body (userID, username, token, refreshToken). `headers` go with both calls.
 */
export async function registerAndConfirm({ base, dataDir, username, password, headers = {} }) {
  const post = async (pathname, body) => {
    const answer = await fetch(`${base}${pathname}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
    const text = await answer.text();
    return { status: answer.status, text, body: text ? JSON.parse(text) : null };
  };
  const asked = await post('/api/v1/identity/register', { Username: username });
  if (asked.status !== 202) throw new Error(`register: ${asked.status} ${asked.text}`);
  const token = await registrationLinkToken(dataDir, username.toLowerCase());
  const made = await post('/api/v1/identity/register/confirm', { token, Password: password });
  if (made.status !== 201) throw new Error(`register/confirm: ${made.status} ${made.text}`);
  return made.body;
}
