import { QRCodeSVG } from 'qrcode.react';
import { useState } from 'react';

/**
 * An invitation as a QR code a wallet app can scan, with its URL to copy (for a holder on the same
 * device, or to send by e-mail). `size` in CSS pixels; large on a counter screen.
 */
export function InvitationQr({ url, label, size = 280 }: { url: string; label: string; size?: number }) {
  const [copied, setCopied] = useState(false);
  return (
    <div className="invitation-qr">
      <div className="qr-frame">
        <QRCodeSVG value={url} size={size} marginSize={2} level="M" role="img" aria-label={label} title={label} />
      </div>
      <div className="field">
        <label htmlFor="invitation-url">Invitation URL</label>
        <div className="copy-row">
          <input id="invitation-url" readOnly value={url} onFocus={(e) => e.target.select()} spellCheck={false} />
          <button
            type="button"
            className="button"
            onClick={() => {
              void navigator.clipboard?.writeText(url).then(
                () => setCopied(true),
                () => setCopied(false),
              );
            }}
          >
            Copy
          </button>
        </div>
        <p className="muted small" aria-live="polite">
          {copied ? 'Copied.' : `${url.length} characters`}
        </p>
      </div>
    </div>
  );
}
