/** A field's error under it: announced (role=alert), and found by the field through aria-describedby={id}. */
export function FieldError({
  id,
  error,
  block = false,
}: {
  id: string;
  error?: string | null;
  block?: boolean;
}) {
  if (!error) return null;
  return (
    // d-block: shown also where the field is not the feedback's direct sibling (groups, custom pickers).
    <div id={id} className={`invalid-feedback${block ? ' d-block' : ''}`} role="alert">
      {error}
    </div>
  );
}
