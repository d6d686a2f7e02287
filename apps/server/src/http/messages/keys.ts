import type { MessageKey } from '@tp/contracts';

/** Texts only the server writes (not refusal keys): the field-naming validation message, code mails. */
export const SERVER_TEXT_KEYS = ['bad_request_field', 'code_subject', 'code_text'] as const;
export type ServerTextKey = (typeof SERVER_TEXT_KEYS)[number];

export type TextKey = MessageKey | ServerTextKey;
/** One language's texts. `{field}` and `{code}` are placeholders. */
export type Messages = Record<TextKey, string>;
