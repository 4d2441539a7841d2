import type { InvitationLinkAttachment } from '@credence/shared';

/**
 * The page a browser gets at a short URL (someone scanned the counter's QR code with a phone's camera
 * rather than a wallet app, or opened the link): what it is and what to do. Self-contained: no script,
 * its small stylesheet served beside it (`/i/help.css`), so it keeps to the console's CSP.
 */
export const HELP_CSS = `:root{color-scheme:light dark;--fg:#1b1f24;--bg:#fff;--muted:#4a5563;--link:#0b5cad;--line:#c9d1da}
@media (prefers-color-scheme:dark){:root{--fg:#e8ecf1;--bg:#14181d;--muted:#b3bcc7;--link:#8ec5ff;--line:#3a434e}}
*{box-sizing:border-box}
body{margin:0;font:1.125rem/1.55 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:var(--fg);background:var(--bg)}
main{max-width:36rem;margin:0 auto;padding:2rem 1.25rem 3rem}
h1{font-size:1.6rem;line-height:1.25;margin:0 0 1rem}
ol{padding-left:1.4rem}li{margin:.4rem 0}
a{color:var(--link)}
a:focus-visible{outline:3px solid var(--link);outline-offset:2px}
.open{display:inline-block;margin:.5rem 0 1rem;padding:.75rem 1.1rem;border:2px solid var(--link);border-radius:.5rem;font-weight:600;text-decoration:none}
.note{color:var(--muted);font-size:1rem;border-top:1px solid var(--line);padding-top:1rem;margin-top:2rem}
`;

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${title}</title>
<link rel="stylesheet" href="/i/help.css">
</head>
<body>
<main>
${body}
</main>
</body>
</html>
`;
}

/** The invitation as the long out-of-band URL a wallet app on this device opens (RFC 0434's `oob=`). */
export function walletUrl(invitation: Record<string, unknown>): string {
  return `didcomm://invite?oob=${Buffer.from(JSON.stringify(invitation)).toString('base64url')}`;
}

export function helpPage({ invitation, kind }: { code: string; invitation: Record<string, unknown>; kind: InvitationLinkAttachment['type'] }): string {
  const what = kind === 'present-proof' ? 'asks your wallet app to show a credential' : 'offers you a credential for your wallet app';
  return page(
    'Open this with your wallet app',
    `<h1>Open this with your wallet app</h1>
<p>This is an invitation for a digital wallet app, not a web page: it ${what}.</p>
<ol>
<li>Open your wallet app on your phone.</li>
<li>Choose <strong>Scan</strong> and point it at the QR code shown at the counter.</li>
<li>Check what is asked in the app, and accept if you agree.</li>
</ol>
<p>If your wallet app is on this device:</p>
<p><a class="open" href="${walletUrl(invitation)}">Open the invitation in my wallet app</a></p>
<p class="note">Nothing is shared until you accept in your wallet app. This invitation works once, for a few minutes.</p>`,
  );
}

export function notFoundPage(): string {
  return page(
    'Invitation not found',
    `<h1>This invitation has expired or does not exist</h1>
<p>Ask at the counter for a new QR code, and scan it with your wallet app.</p>`,
  );
}

/** A link that was used (its exchange moved on, or a wallet fetched it) or expired: it no longer holds anything. */
export function usedPage(): string {
  return page(
    'QR code used',
    `<h1>This QR code has been used</h1>
<p>It no longer holds an invitation: a wallet app took it up, or it expired.</p>
<p>Ask at the counter for a new QR code, and scan it with your wallet app.</p>`,
  );
}
