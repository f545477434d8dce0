import './forms.css';

import { flagUrl } from '../lib/flags';

/** A country's flag from the app's own files (shown at width 20); decorative next to its name. */
export function FlagImage({ code }: { code: string | null | undefined }) {
  return <img className="flag" src={flagUrl(code)} width={20} height={13} alt="" loading="lazy" />;
}
