/** Builds a mailto: link (the contact form opens the mail client, no server call). */
export function mailtoHref(to: string, subject: string, body: string): string {
  return `mailto:${to}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`;
}

/** Kept as its own function so tests can observe it: jsdom cannot navigate to mailto:. */
export const mailClient = {
  open(href: string): void {
    window.location.href = href;
  },
};
