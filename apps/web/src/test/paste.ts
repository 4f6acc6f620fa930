import type { UserEvent } from '@testing-library/user-event';

/** Clicks into `field` and pastes `text`: for text a test enters but is not about typing. */
export async function pasteInto(user: UserEvent, field: HTMLElement, text: string): Promise<void> {
  await user.click(field);
  await user.paste(text);
}
