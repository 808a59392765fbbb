import { Link } from 'wouter';
import { useLingui } from '@lingui/react/macro';

export const SUPPORT_EMAIL = 'support@just.money';

export function Footer() {
  const { t } = useLingui();
  return (
    <footer className="jm-footer">
      <Link to="/listing">{t`List your token`}</Link>
      <span>
        <span>{t`Support:`}</span> <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>
      </span>
    </footer>
  );
}
