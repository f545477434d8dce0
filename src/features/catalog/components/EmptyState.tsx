import type { ReactNode } from 'react';

interface EmptyStateProps {
  image: string;
  title: string;
  body?: string;
  action?: ReactNode;
  /** a failure rather than an empty result: announced at once */
  alert?: boolean;
}

export function EmptyState({ image, title, body, action, alert }: EmptyStateProps) {
  return (
    <div className="empty-state text-center py-5" role={alert ? 'alert' : 'status'}>
      <img src={image} alt="" width={240} height={180} className="mb-3" />
      <p className="h5">{title}</p>
      {body && <p className="text-body-secondary">{body}</p>}
      {action}
    </div>
  );
}
