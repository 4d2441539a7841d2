import { pageWords, type PageLanguage } from '../i18n/page-words.js';

/**
 * The page a browser gets when a sign-in through the provider ends without a session: a top-level
 * navigation (the provider sent the browser here), so a page that says what happened and what to do,
 * not a JSON problem. Styled by its own small stylesheet (the CSP allows only same-origin styles).
 */
export interface SignInPage {
  title: string;
  /** Paragraphs, plain text; one in another language than the page's (a reason written in English) says so. */
  lines: (string | { text: string; lang: string })[];
  /** Values to list under the text (e.g. what the account has), plain text. */
  list?: { label: string; items: string[] };
  /** Where to go from here. */
  actions: { label: string; href: string; primary?: boolean }[];
}

export const SIGN_IN_PAGE_CSS_PATH = '/api/session/oidc/page.css';

const escape = (text: string) => text.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);

export function signInPageHtml(page: SignInPage, lang: PageLanguage = 'en'): string {
  const list = page.list
    ? `<h2>${escape(page.list.label)}</h2>${page.list.items.length ? `<ul>${page.list.items.map((i) => `<li><code>${escape(i)}</code></li>`).join('')}</ul>` : `<p class="muted">${escape(pageWords(lang)('signIn.none'))}</p>`}`
    : '';
  return `<!doctype html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(page.title)} · Credence</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<link rel="stylesheet" href="${SIGN_IN_PAGE_CSS_PATH}">
</head>
<body>
<main id="main" class="card">
<p class="brand" aria-hidden="true"><span class="mark">✓</span> Credence</p>
<h1>${escape(page.title)}</h1>
${page.lines.map((line) => (typeof line === 'string' ? `<p>${escape(line)}</p>` : `<p lang="${escape(line.lang)}">${escape(line.text)}</p>`)).join('\n')}
${list}
<p class="actions">${page.actions.map((a) => `<a class="button${a.primary ? ' primary' : ''}" href="${escape(a.href)}">${escape(a.label)}</a>`).join(' ')}</p>
</main>
</body>
</html>
`;
}

export const signInPageCss = `
:root { color-scheme: light; font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: #1b1f24; background: #f3f5f8; }
body { margin: 0; min-height: 100vh; display: flex; align-items: flex-start; justify-content: center; padding: 8vh 16px 32px; box-sizing: border-box; }
.card { background: #fff; border: 1px solid #d5dae1; border-radius: 10px; padding: 28px 28px 20px; max-width: 34rem; width: 100%; box-shadow: 0 1px 3px rgba(0,0,0,.06); }
.brand { font-weight: 700; font-size: 1.1rem; margin: 0 0 12px; }
.mark { display: inline-block; width: 1.6em; height: 1.6em; line-height: 1.6em; text-align: center; border-radius: 6px; background: #1d4ed8; color: #fff; margin-right: 4px; }
h1 { font-size: 1.4rem; margin: 0 0 12px; }
h2 { font-size: 1rem; margin: 16px 0 6px; }
p { line-height: 1.5; margin: 0 0 10px; }
ul { margin: 0 0 10px; padding-left: 1.2rem; }
code { background: #eef1f5; padding: 1px 5px; border-radius: 4px; font-size: .95em; }
.muted { color: #4a5361; }
.actions { display: flex; flex-wrap: wrap; gap: 10px; margin-top: 18px; }
.button { display: inline-block; padding: 9px 16px; border-radius: 6px; border: 1px solid #1d4ed8; color: #1d4ed8; text-decoration: none; font-weight: 600; }
.button.primary { background: #1d4ed8; color: #fff; }
.button:focus-visible { outline: 3px solid #f59e0b; outline-offset: 2px; }
`;
