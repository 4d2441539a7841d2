import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { intlFor, setActiveIntl } from '../../i18n/active-intl';
import { englishCatalogue, loadCatalogue } from '../../i18n/catalogue';
import { ConnectionStateBadge } from './connection-states';

afterEach(() => setActiveIntl('en', intlFor('en', englishCatalogue)));

describe('a connection’s state', () => {
  it('is said in the clerk’s words, the agent’s own name for it one hover away', () => {
    render(<ConnectionStateBadge state="invitation" />);
    expect(screen.getByText('Invited, not accepted yet').getAttribute('title')).toBe('Agent state: invitation');
  });

  it('is said in French to a French clerk; a state the agent adds later as the agent names it', async () => {
    setActiveIntl('fr-CA', intlFor('fr-CA', await loadCatalogue('fr-CA')));
    render(
      <>
        <ConnectionStateBadge state="active" />
        <ConnectionStateBadge state="suspended" />
      </>,
    );
    expect(screen.getByText('Connectée').getAttribute('title')).toBe('État selon l’agent : active');
    expect(screen.getByText('suspended')).toBeTruthy();
  });
});
