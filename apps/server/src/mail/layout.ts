// The one look of Vitalia's mail: a message is a list of blocks, written once and drawn twice, as
// plain text and as HTML in a single-column layout that fits a phone (viewport, fluid width, a
// button at least 44 px tall). Every value is escaped here, so a template never writes markup.

export type MailBlock =
  /** A paragraph; `muted` for the small grey print. */
  | { kind: 'paragraph'; text: string; muted?: boolean; strong?: boolean }
  /** The message's one action: a button in HTML, "label:\nlink" in text. */
  | { kind: 'button'; label: string; link: string; spellOut?: boolean }
  /** Labelled lines: a receipt's amounts, a week's measures. */
  | { kind: 'table'; rows: MailTableRow[]; labelsAre?: 'headers' | 'cells' }
  /** Something that needs care first, in red: a title and its lines. */
  | { kind: 'alert'; title: string; lines: string[] }
  /** The last line, with a link of its own (how to stop a mail that comes again). */
  | { kind: 'footer'; text: string; action?: { label: string; link: string } };

export interface MailTableRow {
  label: string;
  value: string;
  /** A second line under the value, in grey. */
  note?: string;
  strong?: boolean;
  /** The value sits on the right (amounts). */
  alignEnd?: boolean;
}

/** What a template makes: the subject and blocks, and what the queue needs to know. */
export interface MailContent {
  subject: string;
  blocks: MailBlock[];
  /** Extra header lines, such as List-Unsubscribe (RFC 8058). */
  headers?: Record<string, string>;
  /** After this the mail is pointless (its link has expired): a try after it sends nothing. */
  usefulUntil?: Date;
}

/** A message ready for the transport. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  headers?: Record<string, string>;
  usefulUntil?: Date;
}

const htmlEscapes: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => htmlEscapes[char] ?? char);
}

const colours = { text: '#1a1a1a', muted: '#555555', brand: '#0b2559', rule: '#e3e6ec' };
const buttonStyle = `display:inline-block;background:${colours.brand};color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none;font-weight:600;line-height:20px`;
const mutedStyle = `font-size:13px;color:${colours.muted}`;

function textOf(block: MailBlock): string {
  switch (block.kind) {
    case 'paragraph':
      return block.text;
    case 'button':
      return `${block.label}:\n${block.link}`;
    case 'table':
      return block.rows
        .map((row) => `${row.label}: ${row.value}${row.note ? ` ${row.note}` : ''}`)
        .join('\n');
    case 'alert':
      return [block.title, ...block.lines.map((line) => `- ${line}`)].join('\n');
    case 'footer':
      return block.action
        ? `${block.text} ${block.action.label}:\n${block.action.link}`
        : block.text;
  }
}

function htmlOf(block: MailBlock): string {
  switch (block.kind) {
    case 'paragraph': {
      const style = [block.muted ? mutedStyle : '', block.strong ? 'font-weight:600' : '']
        .filter(Boolean)
        .join(';');
      return `<p${style ? ` style="${style}"` : ''}>${escapeHtml(block.text)}</p>`;
    }
    case 'button': {
      const button = `<p style="margin:20px 0"><a href="${escapeHtml(block.link)}" style="${buttonStyle}">${escapeHtml(block.label)}</a></p>`;
      return block.spellOut === false
        ? button
        : `${button}\n<p style="${mutedStyle}">If the button does not work, copy this address into your browser:<br><span style="word-break:break-all">${escapeHtml(block.link)}</span></p>`;
    }
    case 'table': {
      const cell = `padding:8px 0;border-top:1px solid ${colours.rule};vertical-align:top`;
      const rows = block.rows.map((row) => {
        const weight = row.strong ? ';font-weight:600' : '';
        const labelTag = block.labelsAre === 'headers' ? 'th scope="row"' : 'td';
        const closing = block.labelsAre === 'headers' ? 'th' : 'td';
        const note = row.note
          ? `<br><span style="color:${colours.muted}">${escapeHtml(row.note)}</span>`
          : '';
        const align = row.alignEnd ? ';text-align:right;white-space:nowrap' : '';
        return `<tr><${labelTag} style="${cell};text-align:left;padding-right:12px${weight}">${escapeHtml(row.label)}</${closing}><td style="${cell}${align}${weight}">${escapeHtml(row.value)}${note}</td></tr>`;
      });
      return `<table role="presentation" style="border-collapse:collapse;width:100%;font-size:15px">\n${rows.join('\n')}\n</table>`;
    }
    case 'alert':
      return `<div style="border-left:4px solid #b3261e;background:#fdecea;padding:10px 14px;margin:12px 0"><p style="margin:0 0 6px;font-weight:600">${escapeHtml(block.title)}</p><ul style="margin:0;padding-left:18px">${block.lines.map((line) => `<li>${escapeHtml(line)}</li>`).join('')}</ul></div>`;
    case 'footer':
      return `<p style="${mutedStyle}">${escapeHtml(block.text)}${
        block.action
          ? ` <a href="${escapeHtml(block.action.link)}" style="color:${colours.brand}">${escapeHtml(block.action.label)}</a>`
          : ''
      }</p>`;
  }
}

/** The message in text and HTML, signed "Vitalia" before any footer. */
export function composeMail(to: string, content: MailContent): MailMessage {
  const footers = content.blocks.filter((block) => block.kind === 'footer');
  const body = content.blocks.filter((block) => block.kind !== 'footer');
  const signed: MailBlock[] = [...body, { kind: 'paragraph', text: 'Vitalia' }, ...footers];
  const text = signed.map(textOf).join('\n\n');
  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light">
<title>${escapeHtml(content.subject)}</title>
</head>
<body style="margin:0;padding:0;background:#ffffff">
<div style="font-family:Roboto,Arial,sans-serif;font-size:16px;line-height:1.5;color:${colours.text};max-width:560px;margin:0 auto;padding:16px">
${signed.map(htmlOf).join('\n')}
</div>
</body>
</html>`;
  return {
    to,
    subject: content.subject,
    text,
    html,
    ...(content.headers ? { headers: content.headers } : {}),
    ...(content.usefulUntil ? { usefulUntil: content.usefulUntil } : {}),
  };
}

/** The common shape: what happened, one action, what else to know, and an optional footer. */
export function linkMessage(options: {
  intro: string;
  action: string;
  link: string;
  outro: string;
  footer?: { text: string; action: string; link: string };
}): MailBlock[] {
  const { intro, action, link, outro, footer } = options;
  return [
    { kind: 'paragraph', text: intro },
    { kind: 'button', label: action, link },
    { kind: 'paragraph', text: outro },
    ...(footer
      ? [
          {
            kind: 'footer',
            text: footer.text,
            action: { label: footer.action, link: footer.link },
          } satisfies MailBlock,
        ]
      : []),
  ];
}
