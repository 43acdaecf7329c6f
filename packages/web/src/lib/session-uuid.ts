/**
 * This browser tab's session id (spec 1 §3 "Session uuid"): sent with every project save and
 * echoed by the server in `projectSaved`, so a page can tell its own saves from another session's.
 * Made once per page load from `crypto.getRandomValues`, which (unlike `randomUUID`) also exists on
 * plain-HTTP origins.
 */
function makeUuid(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

const SESSION_UUID = makeUuid();

export function sessionUuid(): string {
  return SESSION_UUID;
}
