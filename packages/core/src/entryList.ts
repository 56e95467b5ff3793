/** Entries per chunk: a change copies one chunk of at most this many references. */
const CHUNK = 32;

/**
 * An immutable list that each snapshot shares with the next: full chunks of `CHUNK` entries, and
 * the last few entries in a tail. Appending or replacing the last entries (a reply streaming in)
 * copies only the tail; replacing an older entry copies its chunk and the list of chunks (one
 * reference per `CHUNK` entries). So a change costs the same in a long conversation as in a short
 * one, where a plain array would be copied whole. `toArray()` builds the array once per list.
 */
export class EntryList<T> {
  static readonly #empty = new EntryList<never>([], []);
  readonly #chunks: readonly (readonly T[])[];
  readonly #tail: readonly T[];
  #array: readonly T[] | undefined;
  readonly length: number;

  static empty<T>(): EntryList<T> {
    return EntryList.#empty;
  }

  static from<T>(entries: readonly T[]): EntryList<T> {
    const full = entries.length - (entries.length % CHUNK);
    const chunks: T[][] = [];
    for (let start = 0; start < full; start += CHUNK) chunks.push(entries.slice(start, start + CHUNK));
    const list = new EntryList(chunks, entries.slice(full));
    list.#array = entries;
    return list;
  }

  constructor(chunks: readonly (readonly T[])[], tail: readonly T[]) {
    this.#chunks = chunks;
    this.#tail = tail;
    this.length = chunks.length * CHUNK + tail.length;
  }

  at(index: number): T | undefined {
    if (index < 0 || index >= this.length) return undefined;
    const chunk = Math.floor(index / CHUNK);
    if (chunk === this.#chunks.length) return this.#tail[index % CHUNK];
    return this.#chunks[chunk]![index % CHUNK];
  }

  /** The entries as one array, built on the first call. */
  toArray(): readonly T[] {
    this.#array ??= [...this.#chunks.flat(), ...this.#tail];
    return this.#array;
  }

  /** Changes to this list, made in place on copies; `done()` gives the new list. */
  edit(): EntryListEdit<T> {
    return new EntryListEdit(this, this.#chunks, this.#tail);
  }
}

/** The changes one action makes to an `EntryList`: each chunk it touches is copied once. */
export class EntryListEdit<T> {
  readonly #from: EntryList<T>;
  #chunks: readonly (readonly T[])[];
  #tail: readonly T[];
  /** The chunks (and the tail, as `tail`) copied by this edit: written in place from then on. */
  readonly #copied = new Set<readonly T[] | 'tail' | 'chunks'>();
  #changed = false;

  constructor(from: EntryList<T>, chunks: readonly (readonly T[])[], tail: readonly T[]) {
    this.#from = from;
    this.#chunks = chunks;
    this.#tail = tail;
  }

  get length(): number {
    return this.#chunks.length * CHUNK + this.#tail.length;
  }

  at(index: number): T | undefined {
    if (index < 0 || index >= this.length) return undefined;
    const chunk = Math.floor(index / CHUNK);
    if (chunk === this.#chunks.length) return this.#tail[index % CHUNK];
    return this.#chunks[chunk]![index % CHUNK];
  }

  #writableTail(): T[] {
    if (!this.#copied.has('tail')) {
      this.#tail = this.#tail.slice();
      this.#copied.add('tail');
    }
    return this.#tail as T[];
  }

  #writableChunks(): (readonly T[])[] {
    if (!this.#copied.has('chunks')) {
      this.#chunks = this.#chunks.slice();
      this.#copied.add('chunks');
    }
    return this.#chunks as (readonly T[])[];
  }

  push(entry: T): void {
    this.#changed = true;
    if (this.#tail.length === CHUNK) {
      this.#writableChunks().push(this.#tail);
      // The full tail is a chunk now: a copy made by this edit is still its own to write.
      if (this.#copied.delete('tail')) this.#copied.add(this.#tail);
      this.#tail = [];
      this.#copied.add('tail');
    }
    this.#writableTail().push(entry);
  }

  set(index: number, entry: T): void {
    if (index < 0 || index >= this.length) throw new RangeError(`No entry at ${index}.`);
    this.#changed = true;
    const chunk = Math.floor(index / CHUNK);
    if (chunk === this.#chunks.length) {
      this.#writableTail()[index % CHUNK] = entry;
      return;
    }
    let target = this.#chunks[chunk]!;
    if (!this.#copied.has(target)) {
      target = target.slice();
      this.#copied.add(target);
      this.#writableChunks()[chunk] = target;
    }
    (target as T[])[index % CHUNK] = entry;
  }

  /** The edited list: the one it started from when nothing changed. */
  done(): EntryList<T> {
    return this.#changed ? new EntryList(this.#chunks, this.#tail) : this.#from;
  }
}
