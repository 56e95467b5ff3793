/** Entries per chunk: a change copies the chunk it touches, at most this many references. */
const CHUNK = 32;

type Chunks<T> = readonly (readonly T[])[];

/**
 * An immutable list that each snapshot shares with the next, in chunks of `CHUNK` entries (the
 * last one may be shorter). A change copies the chunks it touches and the list of chunks (one
 * reference per `CHUNK` entries), never every entry: a reply streaming in costs about the same in
 * a long conversation as in a short one.
 */
export class EntryList<T> {
  readonly chunks: Chunks<T>;
  readonly length: number;

  constructor(chunks: Chunks<T>) {
    this.chunks = chunks;
    // Every chunk but the last is full.
    this.length = chunks.length === 0 ? 0 : (chunks.length - 1) * CHUNK + chunks.at(-1)!.length;
  }

  static from<T>(entries: readonly T[]): EntryList<T> {
    const chunks: T[][] = [];
    for (let start = 0; start < entries.length; start += CHUNK)
      chunks.push(entries.slice(start, start + CHUNK));
    return new EntryList(chunks);
  }

  at(index: number): T | undefined {
    return this.chunks[Math.floor(index / CHUNK)]?.[index % CHUNK];
  }

  toArray(): T[] {
    return this.chunks.flat() as T[];
  }
}

/** The changes one action makes to an `EntryList`: the list of chunks and each chunk touched, copied once. */
export class EntryListEdit<T> {
  readonly #from: EntryList<T>;
  #chunks: (readonly T[])[] | undefined;
  /** The chunks this edit copied (or made): written in place from then on. */
  readonly #own = new Set<readonly T[]>();
  length: number;

  constructor(from: EntryList<T>) {
    this.#from = from;
    this.length = from.length;
  }

  at(index: number): T | undefined {
    return (this.#chunks ?? this.#from.chunks)[Math.floor(index / CHUNK)]?.[index % CHUNK];
  }

  /** The chunk at `position`, writable. */
  #chunk(position: number): T[] {
    this.#chunks ??= this.#from.chunks.slice();
    let chunk = this.#chunks[position] ?? [];
    if (!this.#own.has(chunk)) {
      chunk = chunk.slice();
      this.#own.add(chunk);
      this.#chunks[position] = chunk;
    }
    return chunk as T[];
  }

  push(entry: T): void {
    this.#chunk(Math.floor(this.length / CHUNK)).push(entry);
    this.length += 1;
  }

  set(index: number, entry: T): void {
    this.#chunk(Math.floor(index / CHUNK))[index % CHUNK] = entry;
  }

  /** The edited list: the one it started from when nothing changed. */
  done(): EntryList<T> {
    return this.#chunks ? new EntryList(this.#chunks) : this.#from;
  }
}
