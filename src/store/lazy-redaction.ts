// Loaded once, when first needed (a commit writing text, the snapshot cache holding text not yet
// scanned, the recovery of a run that redacted its trash): a run that writes nothing never loads secretlint.
let redaction: Promise<typeof import("../logs/redact-secrets.js")> | undefined;
let editRedaction: Promise<typeof import("../logs/redact-edit.js")> | undefined;

export function redactionModule(): Promise<typeof import("../logs/redact-secrets.js")> {
  redaction ??= import("../logs/redact-secrets.js");
  return redaction;
}

/** `redactEdit`, for a file the store rewrites. */
export function editRedactionModule(): Promise<typeof import("../logs/redact-edit.js")> {
  editRedaction ??= import("../logs/redact-edit.js");
  return editRedaction;
}
