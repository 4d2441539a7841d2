import type { InvitationLinkAttachment } from '@credence/shared';
import { pageWords, type PageLanguage } from '../i18n/page-words.js';

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

function page(lang: PageLanguage, title: string, body: string): string {
  return `<!doctype html>
<html lang="${lang}">
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

export function helpPage({
  invitation,
  kind,
  lang = 'en',
}: {
  code: string;
  invitation: Record<string, unknown>;
  kind: InvitationLinkAttachment['type'];
  lang?: PageLanguage;
}): string {
  const t = pageWords(lang);
  return page(
    lang,
    t('help.title'),
    `<h1>${t('help.title')}</h1>
<p>${t(kind === 'present-proof' ? 'help.what.proof' : 'help.what.credential')}</p>
<ol>
<li>${t('help.step.open')}</li>
<li>${t('help.step.scan')}</li>
<li>${t('help.step.accept')}</li>
</ol>
<p>${t('help.onThisDevice')}</p>
<p><a class="open" href="${walletUrl(invitation)}">${t('help.openButton')}</a></p>
<p class="note">${t('help.note')}</p>`,
  );
}

export function notFoundPage(lang: PageLanguage = 'en'): string {
  const t = pageWords(lang);
  return page(
    lang,
    t('notFound.title'),
    `<h1>${t('notFound.heading')}</h1>
<p>${t('askAgain')}</p>`,
  );
}

/** A link that was used (its exchange moved on, or a wallet fetched it) or expired: it no longer holds anything. */
export function usedPage(lang: PageLanguage = 'en'): string {
  const t = pageWords(lang);
  return page(
    lang,
    t('used.title'),
    `<h1>${t('used.heading')}</h1>
<p>${t('used.why')}</p>
<p>${t('askAgain')}</p>`,
  );
}
