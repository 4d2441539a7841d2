import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { useT } from '../../i18n/use-t';
import { dismiss, dismissFor, useToasts } from '../../lib/toast-store';

/**
 * The links the page itself shows (in its main part), followed as the page changes: a toast offering one
 * of them would only repeat it, and could sit over it.
 */
function usePageLinks(): (href: string) => boolean {
  const [, setVersion] = useState(0);
  useEffect(() => {
    const main = document.getElementById('main');
    if (!main || typeof MutationObserver === 'undefined') return undefined;
    const observer = new MutationObserver(() => setVersion((v) => v + 1));
    observer.observe(main, { childList: true, subtree: true, attributes: true, attributeFilter: ['href'] });
    return () => observer.disconnect();
  }, []);
  return (href) => {
    const main = document.getElementById('main');
    return !!main && [...main.querySelectorAll('a[href]')].some((a) => a.getAttribute('href') === href);
  };
}

/**
 * Announces toasts politely (errors assertively) and lets them be dismissed by keyboard. They sit in
 * the bottom corner, and the page keeps that much room below its content (--toast-space), so nothing
 * stays hidden under them. A toast pointing at the page the person is on is done with: it goes. A toast
 * whose action the page already offers (Needs me lists the request the toast announces) is not shown:
 * the page's own button is the one to use, and the toast would cover it.
 */
export function Toasts() {
  const say = useT();
  const { pathname } = useLocation();
  const toasts = useToasts();
  const onPage = usePageLinks();
  const shown = toasts.filter((t) => t.action?.href !== pathname && !(t.action && onPage(t.action.href)));
  const done = shown.length !== toasts.length;
  useEffect(() => {
    if (done) dismissFor(pathname);
  }, [done, pathname]);
  const region = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => reserveRoomFor(region.current), []);

  return (
    <div className="toasts" ref={region}>
      {shown.map((t) => (
        <div key={t.id} className={`toast toast-${t.kind}`} role={t.kind === 'error' ? 'alert' : 'status'}>
          <span>
            {t.message}
            {t.action && (
              <>
                {' '}
                <Link to={t.action.href} onClick={() => dismiss(t.id)} className="toast-action">
                  {t.action.label}
                </Link>
              </>
            )}
            {t.reference && <span className="toast-reference">{say('errors.reference', { reference: t.reference })}</span>}
          </span>
          <button type="button" className="icon-button" aria-label={say('toasts.dismiss')} onClick={() => dismiss(t.id)}>
            ×
          </button>
        </div>
      ))}
    </div>
  );
}

/** Keeps --toast-space at the height the toasts take from the bottom of the window (0 without toasts). */
function reserveRoomFor(element: HTMLElement | null): (() => void) | undefined {
  if (!element || typeof ResizeObserver === 'undefined') return undefined;
  const root = document.documentElement;
  const observer = new ResizeObserver(() => {
    const height = element.offsetHeight;
    root.style.setProperty('--toast-space', height > 0 ? `${window.innerHeight - element.getBoundingClientRect().top}px` : '0px');
  });
  observer.observe(element);
  return () => {
    observer.disconnect();
    root.style.removeProperty('--toast-space');
  };
}
