/**
 * The plain values of users.ts (no zod): a screen that needs only one of them imports this
 * module alone, so none of the schemas is evaluated or shipped with it. users.ts uses them from here.
 */

/**
 * How a code is delivered / what it is for (spec: send_email and send_sms, type 1 register, 2
 * forgot; decisions.md: type 3 confirms binding a withdrawal method or a withdrawal, sent to the
 * signed-in account's own e-mail).
 */
export const CODE_PURPOSE = { register: 1, forgot: 2, withdrawal: 3 } as const;
