import { ComingSoon } from '../../../ui/ComingSoon';

// Placeholder body until this screen's issue lands; the shell around it is complete.
export default function ProfilePage() {
  return <ComingSoon />;
}
