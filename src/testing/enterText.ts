import type { UserEvent } from '@testing-library/user-event';

/**
 * Puts text in a field in one input event, as a paste does. For tests that read what a form does with its values
 * (its answer, its messages, what it sends), not how a field takes keystrokes: typing is a render of the whole form
 * per letter. The tests of typing itself (the header's suggestions, the masked and normalised fields) type.
 */
export async function enterText(user: UserEvent, field: HTMLElement, text: string): Promise<void> {
  await user.click(field);
  await user.paste(text);
}
