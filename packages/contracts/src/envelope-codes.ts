/** `code` of every answer (decisions.md, HTTP API). */
export const CODE_OK = 1;
export const CODE_REFUSED = 0;
export const CODE_UNAUTHENTICATED = 999;
export type ResponseCode = typeof CODE_OK | typeof CODE_REFUSED | typeof CODE_UNAUTHENTICATED;

export interface Envelope<T> {
  code: ResponseCode;
  msg: string;
  data: T;
  /** Present on server faults (HTTP 500) so support can find the log line. */
  request_id?: string;
  /** Present on refusals: the machine-readable reason (an ErrorKey). */
  error?: string;
}
