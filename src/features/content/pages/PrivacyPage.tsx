import { PolicyView } from '../components/PolicyView';

/** The privacy policy (GET /privacy_policies). */
export default function PrivacyPage() {
  return <PolicyView kind="privacy" />;
}
