import { PolicyView } from '../components/PolicyView';

/** The refund policy (GET /refunds). */
export default function PolicyPage() {
  return <PolicyView kind="refund" />;
}
