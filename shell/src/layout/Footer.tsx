import { Link } from 'wouter';

export const SUPPORT_EMAIL = 'support@just.money';

export function Footer() {
  return (
    <footer className="jm-footer">
      <Link to="/listing">List your token</Link>
      <span>
        Support: <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>
      </span>
    </footer>
  );
}
