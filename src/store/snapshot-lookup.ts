import type { Memory } from "../memory/memory.js";
import type { Snapshot } from "./snapshot.js";

/** A snapshot's active memories by file and by (type, name), read once per snapshot. */
export interface SnapshotLookup {
  byFile: Map<string, Memory>;
  /** By `nameKey`; of two memories with one name, the later in `snapshot.memories`. */
  byName: Map<string, Memory>;
  /** Where each memory is in `snapshot.memories`. */
  position: Map<string, number>;
}

const lookups = new WeakMap<Snapshot, SnapshotLookup>();

/** The key two memories share when they are the same memory by name: type and name, case and spaces aside. */
export function nameKey(memory: Pick<Memory, "name" | "type">): string {
  return `${memory.type}\0${memory.name.trim().toLowerCase()}`;
}

/** The snapshot's lookup, built on first use. */
export function snapshotLookup(snapshot: Snapshot): SnapshotLookup {
  let lookup = lookups.get(snapshot);
  if (!lookup) {
    lookup = { byFile: new Map(), byName: new Map(), position: new Map() };
    snapshot.memories.forEach((memory, i) => {
      lookup!.byFile.set(memory.file, memory);
      lookup!.byName.set(nameKey(memory), memory);
      lookup!.position.set(memory.file, i);
    });
    lookups.set(snapshot, lookup);
  }
  return lookup;
}

/** What a plan changes in a snapshot. */
export interface SnapshotChange {
  /** Memories as they will be read back once written, in the order first written. */
  written: Memory[];
  /** Memory files removed. */
  removed: string[];
  /** New text by path; null for a file removed. */
  texts: Map<string, string | null>;
  /** The summary written, read back (undefined when the file is left as it is). */
  summary?: { file: string; read: Snapshot["summaries"][number] | undefined };
}

/**
 * A snapshot with a plan's changes, as a copy: the memories in their order
 * (a written one in its place, a new one at the end, a removed one gone).
 */
export function changedSnapshot(snapshot: Snapshot, change: SnapshotChange): Snapshot {
  const next: Snapshot = {
    ...snapshot,
    memories: [...snapshot.memories],
    summaries: [...snapshot.summaries],
    texts: new Map(snapshot.texts),
    occupied: new Set(snapshot.occupied),
  };
  applyChange(next, change, undefined);
  return next;
}

/**
 * Applies a plan's changes to the snapshot itself: a long run plans week
 * after week on one snapshot, and copying thousands of memories and texts
 * for every week cost more than the week's own work. The same result as
 * `changedSnapshot`.
 */
export function applySnapshotChange(snapshot: Snapshot, change: SnapshotChange): void {
  applyChange(snapshot, change, lookups.get(snapshot));
}

function applyChange(snapshot: Snapshot, change: SnapshotChange, lookup: SnapshotLookup | undefined): void {
  const position = lookup?.position ?? new Map(snapshot.memories.map((memory, i) => [memory.file, i]));
  // A memory renamed or removed may leave another of its name to be found: then the lookup is built again when next asked for.
  let kept = lookup !== undefined && change.removed.length === 0;
  for (const memory of change.written) {
    const at = position.get(memory.file);
    if (at === undefined) {
      position.set(memory.file, snapshot.memories.length);
      snapshot.memories.push(memory);
    } else {
      if (nameKey(snapshot.memories[at]!) !== nameKey(memory)) kept = false;
      snapshot.memories[at] = memory;
    }
    if (kept && lookup) {
      lookup.byFile.set(memory.file, memory);
      const holder = lookup.byName.get(nameKey(memory));
      // Of two memories with one name the later one is found, as when the lookup is built.
      if (!holder || holder.file === memory.file || position.get(holder.file)! < position.get(memory.file)!) lookup.byName.set(nameKey(memory), memory);
    }
  }
  if (change.removed.length > 0) {
    const removed = new Set(change.removed);
    snapshot.memories = snapshot.memories.filter((memory) => !removed.has(memory.file));
  }
  if (lookup && !kept) lookups.delete(snapshot);
  for (const [path, text] of change.texts) {
    if (text === null) snapshot.texts.delete(path);
    else snapshot.texts.set(path, text);
  }
  for (const file of change.removed) snapshot.occupied.delete(file);
  for (const memory of change.written) snapshot.occupied.add(memory.file);
  if (change.summary) {
    const { file, read } = change.summary;
    const at = snapshot.summaries.findIndex((summary) => summary.file === file);
    if (at !== -1) snapshot.summaries.splice(at, 1);
    if (read) snapshot.summaries.push(read);
  }
}
