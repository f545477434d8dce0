/** Plain text of a server HTML/text body: tags dropped, whitespace collapsed. */
export function plainText(body: string): string {
  return body
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The first `limit` words followed by an ellipsis when the text is longer (footer about, 20 words). */
export function truncateWords(text: string, limit: number): string {
  const words = plainText(text).split(' ').filter(Boolean);
  return words.length > limit ? `${words.slice(0, limit).join(' ')}…` : words.join(' ');
}
