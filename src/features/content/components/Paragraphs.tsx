/** Multi-line text as paragraphs, always as text: markup in it shows as written and never runs. */
export function Paragraphs({ text }: { text: string }) {
  const paragraphs = text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);
  return (
    <>
      {paragraphs.map((paragraph, index) => (
        <p key={index} dir="auto">
          {paragraph}
        </p>
      ))}
    </>
  );
}
