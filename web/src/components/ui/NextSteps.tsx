import { Link } from 'react-router';
import { useT } from '../../i18n/use-t';
import './detail-page.css';

export interface NextStep {
  label: string;
  to: string;
  primary?: boolean;
}

/** Where a clerk goes from a finished (or waiting) exchange: the next useful thing, not only "Remove…". */
export function NextSteps({ steps }: { steps: NextStep[] }) {
  const t = useT();
  if (steps.length === 0) return null;
  return (
    <nav className="card next-steps" aria-labelledby="next-steps-title">
      <h2 id="next-steps-title">{t('record.whatNext')}</h2>
      {steps.map((step) => (
        <Link key={step.to + step.label} to={step.to} className={step.primary ? 'button primary' : 'button'}>
          {step.label}
        </Link>
      ))}
    </nav>
  );
}
